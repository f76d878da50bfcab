import { useCallback, useRef, useState } from 'react'
import type { ActionResult } from '#app/features/admin/admin-result.ts'
import { msg } from '#app/lib/messages.ts'

/** Where the JavaScript client sends admin actions (JSON answers, same rules as the form posts). */
export function adminApiUrl(tab: string) {
	return `/admin/api?tab=${encodeURIComponent(tab)}`
}

/**
 * Posts a form to the admin API with XMLHttpRequest, which (unlike fetch
 * over HTTP/1.1) reports upload progress, and resolves with the action's
 * result. Network failures and sessions that ended become results too.
 */
export function postAdminForm(tab: string, form: FormData, onProgress?: (fraction: number) => void): Promise<ActionResult> {
	return new Promise((resolve) => {
		const xhr = new XMLHttpRequest()
		xhr.open('POST', adminApiUrl(tab))
		xhr.setRequestHeader('X-Requested-With', 'site-admin')
		xhr.setRequestHeader('Accept', 'application/json')
		xhr.responseType = 'text'
		if (onProgress) {
			xhr.upload.addEventListener('progress', (event) => {
				if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
			})
		}
		xhr.addEventListener('load', () => {
			if (xhr.status === 401) return resolve({ ok: false, status: 401, message: msg.auth.noSession })
			try {
				resolve(JSON.parse(xhr.responseText) as ActionResult)
			} catch {
				resolve({
					ok: false,
					status: xhr.status || 500,
					message: xhr.status === 413 ? 'Gönderilen dosya çok büyük.' : `Sunucu yanıtı okunamadı (${xhr.status}).`,
				})
			}
		})
		xhr.addEventListener('error', () =>
			resolve({ ok: false, status: 0, message: 'Sunucuya ulaşılamadı. Bağlantınızı kontrol edip yeniden deneyin.' }),
		)
		xhr.send(form)
	})
}

/**
 * The state of one admin form: idle or saving (a second submit is refused
 * while saving), the upload progress, and the last refusal.
 */
export function useAdminSubmit(tab: string) {
	const [saving, setSaving] = useState(false)
	const [progress, setProgress] = useState<number | null>(null)
	const [failure, setFailure] = useState<Extract<ActionResult, { ok: false }> | null>(null)
	const busy = useRef(false)

	const submit = useCallback(
		async (form: FormData): Promise<ActionResult | null> => {
			if (busy.current) return null
			busy.current = true
			setSaving(true)
			setProgress(null)
			setFailure(null)
			const hasFile = [...form.values()].some((value) => typeof value !== 'string' && value.size > 0)
			const result = await postAdminForm(tab, form, hasFile ? setProgress : undefined)
			busy.current = false
			setSaving(false)
			setProgress(null)
			if (!result.ok) setFailure(result)
			return result
		},
		[tab],
	)

	return { submit, saving, progress, failure, clearFailure: () => setFailure(null) }
}
