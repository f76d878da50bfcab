import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminForm, AdminPanel } from '#app/features/admin/components/crud.tsx'
import { SaveButton, TextInput } from '#app/features/admin/components/fields.tsx'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import type { RecoveryCodesView } from '../two-factor.admin.server.ts'
import type { TwoFactorScreen } from '../two-factor.server.ts'

const SECTION = 'iki-adimli-dogrulama'
const t = msg.twoFactor

const formatDate = (iso: string) =>
	new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeZone: 'Europe/Istanbul' }).format(new Date(iso))

/** The ten codes, shown once, with their file (a data: link: a download without JavaScript or another request). */
function RecoveryCodes({ view }: { view: RecoveryCodesView }) {
	const href = `data:text/plain;charset=utf-8,${encodeURIComponent(view.fileText)}`
	return (
		<section className="settings-group" aria-labelledby="recovery-codes-title">
			<p className="settings-group__saved" role="status">
				{view.notice}
			</p>
			<h2 id="recovery-codes-title">{t.codesTitle}</h2>
			<p>{t.codesIntro}</p>
			<ol
				className="recovery-codes"
				data-testid="recovery-codes"
				style={{
					display: 'grid',
					gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
					gap: '6px 20px',
					fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
					fontSize: '1.1rem',
					paddingLeft: '1.6rem',
				}}
			>
				{view.recoveryCodes.map((code) => (
					<li key={code}>
						<code>{code}</code>
					</li>
				))}
			</ol>
			<div className="admin-form__actions" style={{ justifyContent: 'flex-start', flexWrap: 'wrap' }}>
				<a className="button" href={href} download={view.fileName}>
					{t.download}
				</a>
				<a className="button button--ghost" href={sectionHref(SECTION)}>
					{t.codesDone}
				</a>
			</div>
		</section>
	)
}

function ProofForm({
	intent,
	title,
	hint,
	label,
	danger,
	failure,
}: {
	intent: 'regenerate' | 'disable'
	title: string
	hint: string
	label: string
	danger?: boolean
	failure: ActionFailure | null
}) {
	const own = failure?.values?.intent === intent ? failure : null
	return (
		<section className="settings-group" aria-labelledby={`${intent}-title`}>
			<h2 id={`${intent}-title`}>{title}</h2>
			<AdminForm section={SECTION} failure={own} className="admin-form">
				{({ saving }) => (
					<>
						<input type="hidden" name="intent" value={intent} />
						<TextInput
							label={t.proofLabel}
							hint={hint}
							name="proof"
							type="password"
							autoComplete="current-password"
							error={own?.fieldErrors?.proof}
						/>
						<div className="admin-form__actions" style={{ justifyContent: 'flex-start' }}>
							<div className="save-button">
								<button
									type="submit"
									className={danger ? 'button button--danger' : 'button'}
									disabled={saving}
									aria-busy={saving || undefined}
								>
									{saving ? msg.common.saving : label}
								</button>
							</div>
						</div>
					</>
				)}
			</AdminForm>
		</section>
	)
}

function Enrolment({ data, failure }: { data: NonNullable<TwoFactorScreen['enrolment']>; failure: ActionFailure | null }) {
	const own = failure?.values?.intent === 'confirm' ? failure : null
	return (
		<section className="settings-group" aria-labelledby="enrol-title">
			<h2 id="enrol-title">{t.enrolTitle}</h2>
			<ol style={{ paddingLeft: '1.3rem', display: 'grid', gap: '14px' }}>
				<li>
					<p>{t.enrolStep1}</p>
					<div
						role="img"
						aria-label={t.qrAlt(data.groupedSecret)}
						style={{ display: 'inline-block', background: '#fff', padding: '4px', lineHeight: 0, border: '1px solid #dde2ea' }}
						// The SVG is drawn on this server by the qrcode package from the otpauth address: no outside markup.
						// oxlint-disable-next-line react/no-danger
						dangerouslySetInnerHTML={{ __html: data.qrSvg }}
					/>
				</li>
				<li>
					<p id="two-factor-secret-label">{t.enrolStep2}</p>
					<p>
						<code
							data-testid="two-factor-secret"
							aria-labelledby="two-factor-secret-label"
							style={{ fontSize: '1.15rem', letterSpacing: '0.04em', wordBreak: 'break-word', userSelect: 'all' }}
						>
							{data.groupedSecret}
						</code>
					</p>
				</li>
				<li>
					<p>{t.enrolStep3}</p>
					<AdminForm section={SECTION} failure={own} className="admin-form">
						{({ saving }) => (
							<>
								<input type="hidden" name="intent" value="confirm" />
								<TextInput
									label={t.confirmCode}
									name="code"
									inputMode="numeric"
									autoComplete="one-time-code"
									pattern="[0-9 ]*"
									maxLength={7}
									error={own?.fieldErrors?.code}
								/>
								<div className="admin-form__actions" style={{ justifyContent: 'flex-start' }}>
									<SaveButton saving={saving} label={t.confirm} />
								</div>
							</>
						)}
					</AdminForm>
					<AdminForm section={SECTION} className="admin-form">
						{({ saving }) => (
							<>
								<input type="hidden" name="intent" value="cancel" />
								<button type="submit" className="button button--ghost" disabled={saving}>
									{t.cancel}
								</button>
							</>
						)}
					</AdminForm>
				</li>
			</ol>
		</section>
	)
}

/** Hesabım › İki adımlı doğrulama for the signed-in account. */
export function TwoFactorAdmin({
	data,
	result,
}: {
	data: TwoFactorScreen
	result: { failure: ActionFailure | null; codes: RecoveryCodesView | null }
}) {
	const { state, required, enrolment } = data
	const { failure, codes } = result
	const ownIntent = failure?.values?.intent
	const panelFailure = ownIntent === 'confirm' || ownIntent === 'regenerate' || ownIntent === 'disable' ? null : failure
	return (
		<AdminPanel title={t.title} section={SECTION} canCreate={false} failure={panelFailure}>
			<p className="field__hint">{t.intro}</p>
			{required && !state.enabled ? (
				<p className="form-error" role="alert">
					{t.required}
				</p>
			) : null}
			<p className="settings-group__saved" data-testid="two-factor-status">
				{state.enabled ? t.statusOn(formatDate(state.enabledAt)) : t.statusOff}
			</p>
			{codes ? <RecoveryCodes view={codes} /> : null}
			{state.enabled ? (
				<>
					<p>
						{t.recoveryLeft(state.recoveryCodesLeft)}
						{state.recoveryCodesLeft <= 3 ? ` ${t.recoveryLow}` : ''}
					</p>
					<ProofForm intent="regenerate" title={t.regenerateTitle} hint={t.regenerateHint} label={t.regenerate} failure={failure} />
					<ProofForm intent="disable" title={t.disableTitle} hint={t.disableHint} label={t.disable} danger failure={failure} />
				</>
			) : enrolment ? (
				<Enrolment data={enrolment} failure={failure} />
			) : (
				<AdminForm section={SECTION} className="admin-form">
					{({ saving }) => (
						<>
							<input type="hidden" name="intent" value="start" />
							<div className="admin-form__actions" style={{ justifyContent: 'flex-start' }}>
								<SaveButton saving={saving} label={t.start} />
							</div>
						</>
					)}
				</AdminForm>
			)}
		</AdminPanel>
	)
}
