import { useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminTable, Muted, ThumbCell } from '#app/features/admin/components/admin-table.tsx'
import { AdminPanel, EditDialog } from '#app/features/admin/components/crud.tsx'
import { FilePicker, SelectInput, TextInput } from '#app/features/admin/components/fields.tsx'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import type { BoardAdminData } from '../board.admin.server.ts'
import type { BoardAdminRow } from '../board.server.ts'
import { BOARD_GROUPS, boardGroupLabel, isBoardGroup } from '../board.shared.ts'

const SECTION = 'yonetim-kurulu'

const ROLES = ['Başkan', 'Başkan Yardımcısı', 'Genel Sekreter', 'Sayman', 'Üye']

function searchText(row: BoardAdminRow) {
	return [row.name, row.role, row.term].filter(Boolean).join('\n')
}

/**
 * The board section: the board, the audit board and past presidents, each
 * its own ordered list; one dialog adds or edits a person of any group.
 */
export function BoardAdmin({ data, failure }: { data: BoardAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const rolesId = useId()
	const editing = data.editing
	const open = params.get('new') === '1' || editing
	const askedGroup = params.get('group')
	const group = editing?.group ?? (isBoardGroup(askedGroup) ? askedGroup : 'board')
	return (
		<AdminPanel title={msg.board.adminTitle} section={SECTION} failure={failure} newLabel={msg.board.newPerson}>
			{data.loadError ? <p className="load-error">{data.loadError}</p> : null}
			<p className="admin-intro">{msg.board.adminIntro}</p>
			{data.groups.map((list) => (
				<section key={list.id} className="admin-group" aria-labelledby={`grup-${list.id}`}>
					<div className="admin-group__head">
						<h2 id={`grup-${list.id}`}>{list.label}</h2>
						<Link
							className="button button--ghost"
							to={sectionHref(SECTION, { new: 1, group: list.id })}
							preventScrollReset
							data-dialog-trigger={`new-${list.id}`}
							aria-label={msg.board.addTo(list.label)}
						>
							{msg.board.addPerson}
						</Link>
					</div>
					<AdminTable
						section={SECTION}
						caption={msg.board.adminCaption(list.label)}
						rows={list.rows}
						label={(row) => row.name}
						searchText={searchText}
						emptyText={msg.board.groupEmpty}
						confirmText={(row) => msg.admin.confirmDeleteTitled(row.name)}
						reorder={{ fields: { group: list.id } }}
						columns={[
							{ header: msg.board.photo, hiddenHeader: true, cell: (row) => <ThumbCell image={row.photo} /> },
							{
								header: msg.board.name,
								cell: (row) => (
									<>
										{row.name}
										{row.shownOnSite ? null : <span className="admin-table__note">{msg.board.notShown(data.boardSize)}</span>}
									</>
								),
							},
							{ header: msg.board.role, cell: (row) => row.role ?? <Muted /> },
							{ header: msg.board.term, cell: (row) => row.term ?? <Muted /> },
						]}
					/>
				</section>
			))}
			{open ? (
				<EditDialog
					section={SECTION}
					revisions={data.revisions}
					editingId={editing?.id ?? null}
					title={editing ? msg.board.editTitle : msg.board.newTitle}
					failure={failure}
					fields={({ errors, value }) => (
						<>
							<TextInput
								label={msg.board.name}
								name="name"
								defaultValue={value('name', editing?.name)}
								error={errors.name}
								autoComplete="off"
							/>
							<div className="admin-form__row">
								<TextInput
									label={msg.board.role}
									name="role"
									list={rolesId}
									defaultValue={value('role', editing?.role)}
									error={errors.role}
									hint={msg.board.roleHint}
									autoComplete="off"
								/>
								<TextInput
									label={msg.board.term}
									name="term"
									defaultValue={value('term', editing?.term)}
									error={errors.term}
									hint={msg.board.termHint}
									inputMode="numeric"
									autoComplete="off"
								/>
							</div>
							<datalist id={rolesId}>
								{ROLES.map((role) => (
									<option key={role} value={role}>
										{role}
									</option>
								))}
							</datalist>
							<SelectInput
								label={msg.board.group}
								name="group"
								defaultValue={value('group', group)}
								error={errors.group}
								options={BOARD_GROUPS.map((id) => ({ value: id, label: boardGroupLabel(id) }))}
							/>
							<FilePicker
								label={msg.board.photo}
								name="photo_file"
								keyName="photo_key"
								accept="image/*"
								currentKey={editing?.photoKey}
								currentUrl={editing?.photo?.src}
								error={errors.photo_file}
								hint={msg.fields.imageHint}
							/>
						</>
					)}
				/>
			) : null}
		</AdminPanel>
	)
}
