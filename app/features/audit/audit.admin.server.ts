import { loadOrError, unknownIntent, type AdminTabServer } from '#app/features/admin/admin-tab.server.ts'
import { csvDownload } from '#app/lib/csv.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { msg } from '#app/lib/messages.ts'
import { istanbulToday } from '#app/lib/tr.ts'
import { auditToCsv } from './audit-csv.ts'
import { readAuditFilters, type AuditFilters } from './audit-filters.ts'
import { listAuditForExport, listAuditPage, listAuditUsers, type AuditPage, type AuditUserOption } from './audit-log.server.ts'

export type AuditAdminData = {
	filters: AuditFilters
	invalid: Array<'from' | 'to'>
	users: Array<AuditUserOption>
	log: AuditPage
	retentionDays: number
	loadError: string | null
}

const EMPTY: AuditPage = { rows: [], total: 0, page: 1, pages: 1 }

/**
 * Admin "Kayıtlar" (yönetici only, see ADMIN_SECTIONS): the audit log,
 * filtered by the address, read-only: the section has no write intent.
 */
export const auditAdmin: AdminTabServer<AuditAdminData> = {
	async load(ctx) {
		const { invalid, ...filters } = readAuditFilters(ctx.url.searchParams)
		const { value, loadError } = await loadOrError(
			ctx,
			msg.auditLog.loadFailed,
			async () => ({ users: await listAuditUsers(), log: await listAuditPage(filters) }),
			{ users: [], log: EMPTY },
		)
		return { filters: { ...filters, page: value.log.page }, invalid, ...value, retentionDays: getEnv().AUDIT_RETENTION_DAYS, loadError }
	},
	act(intent) {
		return Promise.resolve(unknownIntent(intent))
	},
}

/** The filtered log as a CSV download (Excel's Turkish dialect). The caller checks the yönetici role. */
export async function auditCsvResponse(url: URL): Promise<Response> {
	const { invalid: _invalid, page: _page, ...filters } = readAuditFilters(url.searchParams)
	const rows = await listAuditForExport(filters)
	return csvDownload(auditToCsv(rows), msg.auditLog.csvFileName(istanbulToday()))
}
