/**
 * What an admin action answers. The section's route turns a success into a
 * redirect (back to the list, or to `location`) unless it carries a `view`
 * to show instead (a preview); a failure re-renders the form.
 */
export type ActionSuccess = { ok: true; message?: string; id?: number | string; location?: string; view?: unknown }
export type ActionFailure = {
	ok: false
	status: number
	/** A message for the alert above the form or table, e.g. "Kayıt eklenemedi: …". */
	message?: string
	/** Field name → Turkish validation message. */
	fieldErrors?: Record<string, string>
	/** What the person typed, so a refused form loses nothing. */
	values?: Record<string, string>
}
export type ActionResult = ActionSuccess | ActionFailure

export function failure(status: number, message: string, extra: Omit<ActionFailure, 'ok' | 'status' | 'message'> = {}): ActionFailure {
	return { ok: false, status, message, ...extra }
}

/** The text fields of a form, for echoing back after a refusal (files are never echoed). */
export function echoValues(form: FormData): Record<string, string> {
	const values: Record<string, string> = {}
	for (const [name, value] of form) if (typeof value === 'string' && name !== 'intent') values[name] = value.slice(0, 50_000)
	return values
}

/** Field name → its first validation message (zod lists every failed check). */
export function firstIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string> {
	const errors: Record<string, string> = {}
	for (const issue of issues) {
		const field = String(issue.path[0] ?? 'form')
		errors[field] ??= issue.message
	}
	return errors
}

/** The refusal among an action's answers, for the form that shows it. */
export function failureOf(result: ActionResult | undefined): ActionFailure | null {
	return result && !result.ok ? result : null
}
