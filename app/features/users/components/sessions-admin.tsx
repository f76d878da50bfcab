import { Form } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminPanel } from '#app/features/admin/components/crud.tsx'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import { formatDate, formatTime } from '#app/lib/tr.ts'
import type { OwnSession } from '../sessions.server.ts'

const m = msg.sessions
const SECTION = 'oturumlar'

/** `25 Kasım 2026 14:05`, in Istanbul. */
function When({ iso }: { iso: string }) {
	if (!iso) return <>—</>
	return <time dateTime={iso}>{`${formatDate(iso)} ${formatTime(iso)}`}</time>
}

function confirmed(text: string) {
	return (event: React.FormEvent<HTMLFormElement>) => {
		if (!window.confirm(text)) event.preventDefault()
	}
}

/**
 * Admin "Oturumlar": the signed-in account's open sessions (browser and
 * system, IP address, sign-in and last activity), this one marked; each
 * can be ended, or every other at once. Plain forms, so it works without
 * JavaScript; with it, ending this session or all others asks first.
 */
export function SessionsAdmin({
	data,
	failure,
}: {
	data: { sessions: Array<OwnSession>; loadError: string | null; ended: { kind: 'one' } | { kind: 'others'; count: number } | null }
	failure?: ActionFailure | null
}) {
	const others = data.sessions.filter((session) => !session.current).length
	return (
		<AdminPanel title={m.title} section={SECTION} canCreate={false} loadError={data.loadError} failure={failure}>
			<p className="field__hint">{m.intro}</p>
			{data.ended !== null ? (
				<p className="admin-success" role="status">
					{data.ended.kind === 'one' ? m.endedOne : m.endedOthers(data.ended.count)}
				</p>
			) : null}
			<div className="admin-table-wrap">
				<table className="admin-table sessions-table">
					<caption className="sr-only">{m.caption}</caption>
					<thead>
						<tr>
							<th scope="col">{m.browser}</th>
							<th scope="col">{m.ip}</th>
							<th scope="col">{m.signedInAt}</th>
							<th scope="col">{m.lastSeen}</th>
							<th scope="col">
								<span className="sr-only">{m.actions}</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{data.sessions.map((session) => {
							const browser = session.browser ?? m.unknownBrowser
							return (
								<tr key={session.id} data-current={session.current ? 'true' : undefined}>
									<th scope="row" data-label={m.browser}>
										{browser}
										{session.current ? (
											<>
												{' '}
												<span className="status-badge status-badge--published">{m.current}</span>
											</>
										) : null}
									</th>
									<td data-label={m.ip}>{session.ip ?? m.unknownIp}</td>
									<td data-label={m.signedInAt}>
										<When iso={session.signedInAt} />
									</td>
									<td data-label={m.lastSeen}>
										<When iso={session.lastSeenAt} />
									</td>
									<td className="admin-table__actions" data-label="">
										<Form
											method="post"
											action={sectionHref(SECTION)}
											onSubmit={session.current ? confirmed(m.confirmEndCurrent) : undefined}
										>
											<input type="hidden" name="intent" value="end" />
											<input type="hidden" name="id" value={session.id} />
											<button
												type="submit"
												className={session.current ? 'button button--ghost' : 'button button--danger'}
												aria-label={
													session.current
														? m.endCurrentLabel
														: m.endLabel(browser, `${formatDate(session.lastSeenAt)} ${formatTime(session.lastSeenAt)}`)
												}
											>
												{m.end}
											</button>
										</Form>
									</td>
								</tr>
							)
						})}
					</tbody>
				</table>
			</div>
			{others > 0 ? (
				<Form method="post" action={sectionHref(SECTION)} className="sessions-others" onSubmit={confirmed(m.confirmEndOthers)}>
					<input type="hidden" name="intent" value="end-others" />
					<button type="submit" className="button button--danger" aria-describedby="sessions-others-hint">
						{m.endOthers}
					</button>
					<p className="field__hint" id="sessions-others-hint">
						{m.endOthersHint}
					</p>
				</Form>
			) : (
				<p className="field__hint">{m.onlyThis}</p>
			)}
			<p className="field__hint">{m.endCurrentHint}</p>
		</AdminPanel>
	)
}
