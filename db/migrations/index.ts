import type { Migration } from 'kysely/migration'
import * as authTables from './2026-11-22T1200_auth-tables.ts'
import * as contentTables from './2026-11-22T1210_content-tables.ts'
import * as searchDocuments from './2026-11-23T0900_search-documents.ts'
import * as pendingDeletions from './2026-11-23T1100_pending-deletions.ts'
import * as loginFailures from './2026-11-25T1000_login-failures.ts'
import * as pageRevisions from './2026-11-25T1110_page-revisions.ts'
import * as awardsColumns from './2026-11-25T1120_awards-columns.ts'
import * as boardLiterature from './2026-11-25T1130_board-literature.ts'
import * as heroSlides from './2026-11-25T1140_hero-slides.ts'
import * as settingsRevisions from './2026-11-25T1150_settings-revisions.ts'
import * as perkContacts from './2026-11-25T1200_perk-contacts.ts'
import * as rolesAudit from './2026-11-25T1300_roles-audit.ts'
import * as passwordResets from './2026-11-25T1310_password-resets.ts'
import * as invitations from './2026-11-25T1320_invitations.ts'
import * as twoFactor from './2026-11-25T1330_two-factor.ts'
import * as trash from './2026-11-25T1340_trash.ts'
import * as contentRevisions from './2026-11-25T1350_content-revisions.ts'
import * as eventSequence from './2026-11-27T1010_event-sequence.ts'
import * as shareCards from './2026-11-27T1020_share-cards.ts'
import * as bulletinText from './2026-11-27T1030_bulletin-text.ts'
import * as contactMessages from './2026-11-27T1040_contact-messages.ts'
import * as announcementListIndex from './2026-11-28T0900_announcement-list-index.ts'
import * as featuredIndexes from './2026-11-29T0900_featured-indexes.ts'
import * as perkIndexes from './2026-11-29T0910_perk-indexes.ts'
import * as eventEndIndex from './2026-11-29T0920_event-end-index.ts'
import * as announcementOrderIndex from './2026-12-02T0900_announcement-order-index.ts'

/**
 * Every migration, by name, in the order they run. Listed statically so the
 * server bundle carries them; a test checks this list against the folder.
 */
export const migrations: Record<string, Migration> = {
	'2026-11-22T1200_auth-tables': authTables,
	'2026-11-22T1210_content-tables': contentTables,
	'2026-11-23T0900_search-documents': searchDocuments,
	'2026-11-23T1100_pending-deletions': pendingDeletions,
	'2026-11-25T1000_login-failures': loginFailures,
	'2026-11-25T1110_page-revisions': pageRevisions,
	'2026-11-25T1120_awards-columns': awardsColumns,
	'2026-11-25T1130_board-literature': boardLiterature,
	'2026-11-25T1140_hero-slides': heroSlides,
	'2026-11-25T1150_settings-revisions': settingsRevisions,
	'2026-11-25T1200_perk-contacts': perkContacts,
	'2026-11-25T1300_roles-audit': rolesAudit,
	'2026-11-25T1310_password-resets': passwordResets,
	'2026-11-25T1320_invitations': invitations,
	'2026-11-25T1330_two-factor': twoFactor,
	'2026-11-25T1340_trash': trash,
	'2026-11-25T1350_content-revisions': contentRevisions,
	'2026-11-27T1010_event-sequence': eventSequence,
	'2026-11-27T1020_share-cards': shareCards,
	'2026-11-27T1030_bulletin-text': bulletinText,
	'2026-11-27T1040_contact-messages': contactMessages,
	'2026-11-28T0900_announcement-list-index': announcementListIndex,
	'2026-11-29T0900_featured-indexes': featuredIndexes,
	'2026-11-29T0910_perk-indexes': perkIndexes,
	'2026-11-29T0920_event-end-index': eventEndIndex,
	'2026-12-02T0900_announcement-order-index': announcementOrderIndex,
}
