/**
 * Admin accounts, for the deployer (there is no public sign-up):
 *
 *   npm run admin -- create --email E --password P --name "Ad Soyad"
 *   npm run admin -- set-password --email E --password P
 *   npm run admin -- list
 *   npm run admin -- reset-link E
 *   npm run admin -- revoke --email E
 *   npm run admin -- invite E --name "Ad Soyad" --role editor|admin
 *
 * `invite` makes an invitation to the admin area (a single-use link valid
 * 48 hours where the person chooses their password), e-mails it when SMTP
 * is configured and always prints the link (PUBLIC_URL, else
 * http://localhost:PORT) for the deployer to pass on.
 * Works on the database `DATABASE_URL` / `DATA_DIR` point at (migrating it
 * first). Creating an admin also ends the one-time setup page (/kurulum)
 * and removes its code. Exit code 0 on success, 1 with a one-line reason on
 * failure, 2 on wrong usage.
 */
import { parseArgs } from 'node:util'
import { createResetLinkFor } from '#app/features/users/password-reset.server.ts'
import { retireSetupCode } from '#app/features/users/setup-code.server.ts'
import { createInvitation, InvitationFieldError, invitationUrl } from '#app/features/users/invitations.server.ts'
import { sendInvitationMail } from '#app/features/users/users.admin.server.ts'
import { createAdmin, listUsers, revokeAdmin, setPassword, UserError } from '#app/features/users/users.server.ts'
import { closeDatabase, getDatabase } from '#app/lib/db.server.ts'
import { ConfigError, getEnv, loadEnvFileIfPresent } from '#app/lib/env.server.ts'
import { migrateToLatest } from '#app/lib/migrate.server.ts'

const USAGE = `usage:
  npm run admin -- create --email E --password P --name "Ad Soyad"
  npm run admin -- set-password --email E --password P
  npm run admin -- list
  npm run admin -- reset-link E
  npm run admin -- revoke --email E
  npm run admin -- invite E --name "Ad Soyad" --role editor|admin`

function usage(problem: string): never {
	console.error(`error: ${problem}\n${USAGE}`)
	process.exit(2)
}

let parsed
try {
	parsed = parseArgs({
		allowPositionals: true,
		options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
	})
} catch (error) {
	usage((error as Error).message)
}
const { positionals, values } = parsed
const command = positionals[0]
const need = (key: 'email' | 'password' | 'name' | 'role') => values[key] ?? usage(`--${key} is required for "${command}"`)

try {
	loadEnvFileIfPresent()
	await migrateToLatest(getDatabase().db)
	switch (command) {
		case 'create': {
			const created = await createAdmin({ email: need('email'), password: need('password'), fullName: need('name') })
			// The site has an admin now: the one-time setup page (/kurulum) and its code are gone.
			await retireSetupCode(getEnv().dataDir)
			console.log(`Created admin ${created.email}.`)
			break
		}
		case 'set-password': {
			await setPassword({ email: need('email'), password: need('password') })
			console.log(`Password changed for ${need('email').trim().toLowerCase()}; their sessions were ended.`)
			break
		}
		case 'list': {
			const users = await listUsers()
			if (users.length === 0)
				console.log('No accounts yet. Create one with: npm run admin -- create --email E --password P --name "Ad Soyad"')
			for (const user of users) {
				console.log(
					[
						user.email.padEnd(36),
						!user.isAdmin ? 'no admin' : user.role === 'editor' ? 'editor  ' : 'admin   ',
						`${user.activeSessions} session(s)`.padEnd(14),
						user.status === 'disabled' ? `${user.fullName} (disabled)` : user.fullName,
					].join('  '),
				)
			}
			break
		}
		case 'invite': {
			const email = positionals[1] ?? values.email ?? usage('an e-mail address is required for "invite"')
			const role = need('role')
			if (role !== 'editor' && role !== 'admin') usage('--role must be editor or admin')
			let invitation
			try {
				invitation = await createInvitation({ email, fullName: need('name'), role }, { invitedBy: null })
			} catch (error) {
				if (error instanceof InvitationFieldError) throw new UserError(Object.values(error.fieldErrors).join(' '))
				throw error
			}
			const env = getEnv()
			const link = invitationUrl(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`, invitation.token)
			const { sent } = await sendInvitationMail(invitation, link)
			console.log(
				sent
					? `Invitation e-mailed to ${invitation.email} (${role}).`
					: `Invitation created for ${invitation.email} (${role}); e-mail is off, pass the link on yourself.`,
			)
			console.log(`Link (single use, valid 48 hours): ${link}`)
			break
		}
		case 'reset-link': {
			// "Şifremi unuttum" for someone whose mail does not arrive (or with e-mail off): the link, printed.
			const email = positionals[1] ?? values.email ?? usage('an e-mail address is required for "reset-link"')
			const env = getEnv()
			const created = await createResetLinkFor(email, env.PUBLIC_URL ?? `http://localhost:${env.PORT}`)
			if (!created) throw new UserError(`No active account with the e-mail ${email.trim().toLowerCase()}.`)
			console.log(`Password reset link for ${created.email} (single use, valid 30 minutes):`)
			console.log(created.link)
			break
		}
		case 'revoke': {
			await revokeAdmin(need('email'))
			console.log(`Removed the admin flag from ${need('email').trim().toLowerCase()} and ended their sessions.`)
			break
		}
		default:
			usage(command ? `unknown command "${command}"` : 'a command is required')
	}
} catch (error) {
	if (error instanceof UserError || error instanceof ConfigError) console.error(`error: ${error.message}`)
	else console.error(`error: ${(error as Error).message ?? String(error)}`)
	process.exitCode = 1
} finally {
	await closeDatabase()
}
