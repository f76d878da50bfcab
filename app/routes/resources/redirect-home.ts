import { redirect } from 'react-router'

/** Spec §2: any unknown path redirects to the home page. */
export function loader() {
	throw redirect('/', 302)
}

export function action() {
	throw redirect('/', 303)
}
