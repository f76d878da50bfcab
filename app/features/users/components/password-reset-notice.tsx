import { useSearchParams } from 'react-router'
import { msg } from '#app/lib/messages.ts'

/** On /giris after "Şifremi unuttum" (`?sifre=yenilendi`): the password was changed, sign in with the new one. */
export function PasswordResetNotice() {
	const [params] = useSearchParams()
	if (params.get('sifre') !== 'yenilendi') return null
	return (
		<p className="notice" role="status">
			{msg.passwordReset.done}
		</p>
	)
}

/** The link under the sign-in form. */
export function ForgotPasswordLink() {
	return (
		<p className="auth-card__back">
			<a href="/sifremi-unuttum">{msg.passwordReset.forgotLink}</a>
		</p>
	)
}
