import { excelCsv } from '#app/lib/csv.ts'
import { msg } from '#app/lib/messages.ts'

/**
 * The audit log as a CSV a volunteer opens in Excel: the columns of the
 * Kayıtlar table, the time in Istanbul (`2026-11-25 14:05:09`), every text
 * cell guarded against formulas (an e-mail or a title could start with `=`).
 * Pure, safe for the browser.
 */

const m = msg.auditLog

export type AuditCsvRow = {
	at: string
	userName: string | null
	userEmail: string | null
	kindLabel: string
	actionLabel: string
	itemKindLabel: string
	itemId: string | null
	itemTitle: string | null
	summary: string
	ip: string | null
	browser: string | null
	userAgent: string | null
}

export const AUDIT_CSV_HEADER = [
	m.time,
	`${m.who} (ad)`,
	`${m.who} (e-posta)`,
	m.kind,
	m.action,
	`${m.item} türü`,
	`${m.item} no`,
	`${m.item} adı`,
	m.summary,
	m.ip,
	m.browser,
	m.userAgent,
] as const

const istanbul = new Intl.DateTimeFormat('sv-SE', {
	timeZone: 'Europe/Istanbul',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
	hourCycle: 'h23',
})

/** `2026-11-25 14:05:09`, the wall clock in Istanbul: a form Excel reads as a date and time in any language. */
export function istanbulStamp(iso: string) {
	const date = new Date(iso)
	return Number.isNaN(date.getTime()) ? '' : istanbul.format(date)
}

export function auditToCsv(rows: ReadonlyArray<AuditCsvRow>): string {
	return excelCsv(
		AUDIT_CSV_HEADER,
		rows.map((row) => [
			istanbulStamp(row.at),
			row.userName ?? '',
			row.userEmail ?? '',
			row.kindLabel,
			row.actionLabel,
			row.itemKindLabel,
			row.itemId ?? '',
			row.itemTitle ?? '',
			row.summary,
			row.ip ?? '',
			row.browser ?? '',
			row.userAgent ?? '',
		]),
	)
}
