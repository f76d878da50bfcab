import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminPanel } from '#app/features/admin/components/crud.tsx'
import { msg } from '#app/lib/messages.ts'
import type { PagesAdminData } from '../pages.admin.server.ts'
import { PAGES_SECTION, pagePreviewOf } from '../pages.shared.ts'
import { PageEditor } from './page-editor.tsx'
import { PageList } from './page-list.tsx'

const m = msg.pagesAdmin

/**
 * Sayfalar: the site's fixed pages (about, history, bylaws, KVKK, dues, …).
 * The list opens a page's edit screen: title, short description and text
 * in the rich-text editor, a preview that saves nothing, and the earlier
 * versions with a restore button each.
 */
export function PagesAdmin({ data, failure, view }: { data: PagesAdminData; failure: ActionFailure | null; view?: unknown }) {
	const preview = pagePreviewOf(view)
	return (
		<AdminPanel title={m.title} section={PAGES_SECTION} canCreate={false} failure={failure}>
			{data.editing ? (
				<PageEditor page={data.editing} failure={failure} preview={preview?.slug === data.editing.slug ? preview : null} />
			) : (
				<>
					<p className="admin-intro">{m.intro}</p>
					{data.missing ? (
						<p className="form-error" role="alert">
							{m.notFound}
						</p>
					) : null}
					<PageList rows={data.rows} />
				</>
			)}
		</AdminPanel>
	)
}
