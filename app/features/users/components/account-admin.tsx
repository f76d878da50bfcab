import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminForm, AdminPanel } from '#app/features/admin/components/crud.tsx'
import { SaveButton, TextInput } from '#app/features/admin/components/fields.tsx'
import type { UserRole } from '#app/lib/db-types.ts'
import { msg } from '#app/lib/messages.ts'

const m = msg.account
const SECTION = 'hesabim'

/**
 * Admin "Hesabım": who is signed in (name, e-mail, role) and a password
 * change that asks for the current password. A plain form, so it works
 * without JavaScript; passwords are never sent back after a refusal.
 */
export function AccountAdmin({
	data,
	failure,
}: {
	data: { fullName: string; email: string; role: UserRole; changed: boolean }
	failure?: ActionFailure | null
}) {
	const errors = failure?.fieldErrors ?? {}
	return (
		<AdminPanel title={m.title} section={SECTION} canCreate={false}>
			<p className="field__hint">{m.intro}</p>
			{data.changed ? (
				<p className="account-done" role="status">
					{m.changed}
				</p>
			) : null}
			<dl className="account-facts">
				<dt>{m.name}</dt>
				<dd>{data.fullName}</dd>
				<dt>{m.email}</dt>
				<dd>{data.email}</dd>
				<dt>{m.role}</dt>
				<dd>{m.roles[data.role]}</dd>
			</dl>
			<section className="account-password" aria-labelledby="account-password-title">
				<h2 id="account-password-title">{m.changeTitle}</h2>
				<p className="field__hint">{m.changeIntro}</p>
				<AdminForm section={SECTION} failure={failure}>
					{({ saving }) => (
						<>
							<input type="hidden" name="intent" value="change-password" />
							<input type="text" name="username" autoComplete="username" value={data.email} readOnly hidden />
							<TextInput
								name="current"
								type="password"
								label={m.currentPassword}
								autoComplete="current-password"
								required
								error={errors.current}
								hint={m.forgotHint}
							/>
							<TextInput
								name="password"
								type="password"
								label={msg.passwordReset.newPassword}
								autoComplete="new-password"
								required
								error={errors.password}
								hint={msg.passwordReset.newPasswordHint}
							/>
							<TextInput
								name="password_repeat"
								type="password"
								label={msg.passwordReset.repeatPassword}
								autoComplete="new-password"
								required
								error={errors.password_repeat}
							/>
							<SaveButton saving={saving} label={m.submit} />
						</>
					)}
				</AdminForm>
			</section>
		</AdminPanel>
	)
}
