import { z } from 'zod'
import { msg } from '#app/lib/messages.ts'

/** The names the setup form posts. The passwords are never sent back to the page. */
export const SETUP_FIELDS = ['code', 'name', 'email', 'password', 'password_repeat'] as const
export type SetupField = (typeof SETUP_FIELDS)[number]

/** The fields a refused form shows again as typed. */
export const SETUP_ECHOED_FIELDS = ['code', 'name', 'email'] as const satisfies ReadonlyArray<SetupField>

/**
 * The first-admin form (/kurulum). The password's strength (the password
 * policy, which needs the name and e-mail) and the repeat are checked by the
 * action, so every field's error shows at once.
 */
export const SetupFormSchema = z.object({
	code: z.string().trim().min(1, msg.setup.codeRequired).max(100, msg.setup.codeWrong),
	name: z.string().trim().min(1, msg.setup.fullNameRequired).max(200, msg.setup.fullNameTooLong),
	email: z
		.string()
		.trim()
		.toLowerCase()
		.max(254, msg.setup.emailInvalid)
		.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, msg.setup.emailInvalid),
	password: z.string(),
	password_repeat: z.string(),
})

export type SetupForm = z.infer<typeof SetupFormSchema>
