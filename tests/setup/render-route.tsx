import type { ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'

/**
 * Renders a public route as the server would: its loader's data given to
 * its default export, inside a router. Returns the data and the HTML.
 */
export async function renderRoute<Props, Data>(Route: ComponentType<Props>, loader: () => Promise<Data>) {
	const loaderData = await loader()
	const props = { loaderData, params: {}, matches: [] } as unknown as Props & object
	const html = renderToStaticMarkup(
		<MemoryRouter>
			<Route {...props} />
		</MemoryRouter>,
	)
	return { loaderData, html }
}
