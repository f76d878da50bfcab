import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/**
 * Timestamps travel as ISO-8601 strings in UTC (`2026-11-22T16:51:45.000Z`)
 * on both dialects: SQLite stores that text, PostgreSQL a timestamptz that the
 * pool parses back into the same string.
 */
export type Timestamp = string
/** SQLite answers 0/1, PostgreSQL true/false; read through `toBool`. */
export type SqlBool = ColumnType<boolean | 0 | 1, boolean, boolean>
type CreatedAt = ColumnType<Timestamp, Timestamp | undefined, never>
type UpdatedAt = ColumnType<Timestamp, Timestamp | undefined, Timestamp>

export type AnnouncementsTable = {
	id: Generated<number>
	slug: string | null
	title: string
	lead: string | null
	excerpt: string | null
	body: string | null
	cover_url: string | null
	hero_bg_url: string | null
	href: string | null
	/** JSON array of image keys or URLs. */
	gallery: string | null
	published_at: Timestamp | null
	featured_home: SqlBool
	featured_until: Timestamp | null
	order_index: number | null
	created_by: string | null
	/** The drawn share card (og:image): a stored key under `announcements/og/`, null until drawn or while a draft. */
	share_card_key: string | null
	/** What the card shows, hashed (see app/features/share-cards/share-cards.server.ts). */
	share_card_fingerprint: string | null
	created_at: CreatedAt
	updated_at: UpdatedAt
}

export type EventsTable = {
	id: Generated<number>
	slug: string
	title: string
	lead: string | null
	excerpt: string | null
	body: string | null
	starts_at: Timestamp | null
	ends_at: Timestamp | null
	location: string | null
	cover_url: string | null
	hero_bg_url: string | null
	gallery: string | null
	featured_home: SqlBool
	featured_until: Timestamp | null
	/** The drawn share card (og:image) under `events/og/`, null until drawn. */
	share_card_key: string | null
	share_card_fingerprint: string | null
	created_at: CreatedAt
	updated_at: UpdatedAt
	/** The calendar feed's SEQUENCE: moved on by every save that changes what a calendar shows. */
	sequence: Generated<number>
}

export type CalendarEntriesTable = {
	id: Generated<number>
	title: string
	/** Calendar day, `YYYY-MM-DD`, in Istanbul. */
	date: string
	created_at: CreatedAt
	updated_at: UpdatedAt
	/** The calendar feed's SEQUENCE: moved on by every save that changes its title or day. */
	sequence: Generated<number>
}

export type BulletinsTable = {
	id: Generated<number>
	year: number
	month: number
	pdf_url: string
	cover_url: string | null
	created_at: CreatedAt
	updated_at: UpdatedAt
}

/** Which stored PDF a bulletin's search text came from and how its extraction went (app/features/bulletins/bulletin-text.server.ts). */
export type BulletinTextsTable = {
	bulletin_id: number
	pdf_url: string
	status: 'working' | 'done' | 'retry' | 'failed'
	pages: ColumnType<number, number | undefined, number>
	attempts: ColumnType<number, number | undefined, number>
	detail: string | null
	claim: ColumnType<string, string | undefined, string>
	claimed_until: Timestamp | null
	updated_at: Timestamp
}

/** The text of one page of a bulletin PDF (1-based page numbers), for the site search. */
export type BulletinPagesTable = {
	bulletin_id: number
	page: number
	text: string
}

export type AlumniNewsTable = {
	id: Generated<number>
	slug: string
	title: string
	link: string | null
	description: string | null
	image_url: string | null
	cover_url: string | null
	/** The drawn share card (og:image) under `alumni_news/og/`, null until drawn. */
	share_card_key: string | null
	share_card_fingerprint: string | null
	created_at: CreatedAt
	updated_at: UpdatedAt
}

export type MemberPerksTable = {
	id: Generated<number>
	business_name: string
	category: string | null
	discount: string | null
	discount_code: string | null
	contact_phone: string | null
	contact_email: string | null
	contact_web: string | null
	contact_address: string | null
	alumnus_name: string | null
	logo_url: string | null
	idx: number | null
	created_at: CreatedAt
	updated_at: UpdatedAt
}

/** How a page body is written: the seeded Markdown, or HTML saved by the admin's editor. */
export type PageBodyFormat = 'markdown' | 'html'

export type PagesTable = {
	slug: string
	title: string
	description: string | null
	/** Markdown or sanitised HTML (`body_format`), with `{{group.key}}` settings placeholders. */
	body: string
	body_format: ColumnType<PageBodyFormat, PageBodyFormat | undefined, PageBodyFormat>
	updated_at: UpdatedAt
	/** Who saved the current version in the admin; null for the seeded text or a removed account. */
	updated_by_user_id: ColumnType<string | null, string | null | undefined, string | null>
}

/** An earlier version of a page, kept when a save replaced it (the newest 50 per page). */
export type PageRevisionsTable = {
	id: Generated<number>
	slug: string
	title: string
	description: string | null
	body: string
	body_format: PageBodyFormat
	/** When this version was saved (the page's updated_at while it was current). */
	saved_at: CreatedAt
	/** Who saved this version; null for the seeded text or a removed account. */
	saved_by_user_id: string | null
}

export type BoardMembersTable = {
	id: Generated<number>
	name: string
	role: string | null
	photo_url: string | null
	/** `board`, `audit` or `past_president` (app/features/board/board.shared.ts). */
	group: ColumnType<string, string | undefined, string>
	/** The period served, e.g. `2024–2026`. */
	term: string | null
	/** The place within the group, from 1. */
	order_index: number
	created_at: CreatedAt
	updated_at: UpdatedAt
}

export type AwardsTable = {
	id: Generated<number>
	first_name: string
	last_name: string
	nds_surname: string | null
	nds_year: number
	title: string | null
	profession: string | null
	/** The year the award was given; null for the built-in list, which has only the graduation year. */
	award_year: number | null
	created_at: CreatedAt
}

export type LiteratureBooksTable = {
	id: Generated<number>
	year: number
	title: string
	author: string
	caption: string
	image_url: string | null
	honourable_mention: SqlBool
	/** The place within the year, from 1. */
	order_index: number
	created_at: CreatedAt
}

/** One literature award year: its jury (one name a line) and the announcement of the winners. */
export type LiteratureAwardYearsTable = {
	id: Generated<number>
	year: number
	jury: string | null
	announcement: string | null
	created_at: CreatedAt
	updated_at: UpdatedAt
}

/** The home page's hero slides (app/features/home/hero-slides.server.ts). */
export type HeroSlidesTable = {
	id: Generated<number>
	title: string
	text: string | null
	/** A site path (`/…`) or an https:// address. */
	link_url: string | null
	link_label: string | null
	/** An uploaded image (a stored media key); wins over image_asset. */
	image_key: string | null
	/** One of the site's built-in images (`hero-1`…), see app/lib/default-images.ts. */
	image_asset: string | null
	order_index: number
	created_at: CreatedAt
	updated_at: UpdatedAt
}

export type SettingsTable = {
	key: string
	/** JSON. */
	value: string
	updated_at: UpdatedAt
	/** Who saved the current value in the admin; null for a default or a removed account. */
	updated_by_user_id: ColumnType<string | null, string | null | undefined, string | null>
}

/** An earlier value of a setting, kept when a save replaced it (the newest 20 per key). */
export type SettingsRevisionsTable = {
	id: Generated<number>
	key: string
	/** JSON, as the setting stored it. */
	value: string
	/** When this value was saved (the setting's updated_at while it was current). */
	saved_at: CreatedAt
	/** Who saved this value; null for a default or a removed account. */
	saved_by_user_id: string | null
}

/** The site search index (app/features/search/search.server.ts); folded columns hold foldTr text. */
/** An earlier version of a content item's text (see app/features/admin/revisions.server.ts). */
export type ContentRevisionsTable = {
	id: Generated<number>
	/** The item's table (`announcements`, `events`, …). */
	item_kind: string
	item_id: string
	/** JSON of the item's text fields as they were before the save. */
	snapshot: string
	/** What that save changed, in Turkish ("Başlık: „A” → „B”"). */
	summary: ColumnType<string, string | undefined, string>
	/** When the save that replaced this version happened. */
	saved_at: CreatedAt
	/** Who made that save. */
	saved_by_user_id: string | null
}

export type SearchDocumentsTable = {
	id: Generated<number>
	kind: string
	ref_id: string
	title: string
	body: string
	url: string
	title_folded: string
	text_folded: string
	sort_at: Timestamp | null
	/** Null hides the item (a draft); otherwise shown from this instant. */
	published_at: Timestamp | null
}

/** Media files to delete once their grace period has passed (app/features/admin/media.server.ts). */
export type PendingDeletionsTable = {
	key: string
	delete_after: Timestamp
}

/** Small key/value facts about this installation (seed markers, content version). */
export type AppMetaTable = {
	key: string
	value: string
}

export type UsersTable = {
	id: string
	email: string
	full_name: string
	email_verified: SqlBool
	image: string | null
	/** May use the admin area at all (any role). */
	is_admin: SqlBool
	/** Within the admin area: `admin` (yönetici, everything) or `editor` (editör, content only). */
	role: ColumnType<UserRole, UserRole | undefined, UserRole>
	disabled_at: Timestamp | null
	last_sign_in_at: Timestamp | null
	created_at: ColumnType<Timestamp, Timestamp, Timestamp>
	updated_at: ColumnType<Timestamp, Timestamp, Timestamp>
}

export type UserRole = 'admin' | 'editor'

/** Invitations to the admin area (Kullanıcılar); only the SHA-256 of the link's token is kept. */
export type InvitationsTable = {
	id: Generated<number>
	email: string
	full_name: string
	role: UserRole
	token_hash: string
	expires_at: Timestamp
	accepted_at: Timestamp | null
	invited_by_user_id: string | null
	created_at: ColumnType<Timestamp, Timestamp | undefined, never>
}

/** "Şifremi unuttum" links: only the SHA-256 of the token is kept; single-use, 30 minutes. */
export type PasswordResetsTable = {
	id: Generated<number>
	user_id: string
	token_hash: string
	expires_at: Timestamp
	used_at: Timestamp | null
	requested_ip: string | null
	created_at: ColumnType<Timestamp, Timestamp | undefined, never>
}

export type AuditKind = 'auth' | 'account' | 'content' | 'settings'

export type AuditLogTable = {
	id: Generated<number>
	created_at: ColumnType<Timestamp, Timestamp | undefined, never>
	user_id: string | null
	user_email: string | null
	kind: AuditKind
	action: string
	item_kind: string | null
	item_id: string | null
	item_title: string | null
	summary: ColumnType<string, string | undefined, never>
	ip_address: string | null
	user_agent: string | null
}

/** Çöp kutusu: deleted content items, restorable until purge_after (app/features/admin/trash.server.ts). */
export type TrashTable = {
	id: Generated<number>
	/** The item's table (`announcements`, `literature_award_years`, …). */
	item_kind: string
	item_id: string
	title: string
	/** The address the item keeps reserved until it is purged. */
	slug: string | null
	/** JSON `{ "rows": { "<table>": [row, …] } }`: the row and any rows deleted with it. */
	snapshot: string
	/** JSON array of the stored media keys the purge schedules for deletion. */
	media_keys: ColumnType<string, string | undefined, string>
	deleted_at: Timestamp
	deleted_by_user_id: string | null
	purge_after: Timestamp
}

export type SessionsTable = {
	id: string
	token: string
	user_id: string
	expires_at: Timestamp
	ip_address: string | null
	user_agent: string | null
	created_at: Timestamp
	updated_at: Timestamp
}

export type AccountsTable = {
	id: string
	account_id: string
	provider_id: string
	user_id: string
	access_token: string | null
	refresh_token: string | null
	id_token: string | null
	access_token_expires_at: Timestamp | null
	refresh_token_expires_at: Timestamp | null
	scope: string | null
	password: string | null
	created_at: Timestamp
	updated_at: Timestamp
}

export type VerificationsTable = {
	id: string
	identifier: string
	value: string
	expires_at: Timestamp
	created_at: Timestamp
	updated_at: Timestamp
}

export type RateLimitsTable = {
	id: string
	key: string
	count: number
	last_request: ColumnType<number, number | bigint, number | bigint>
}

/** Failed sign-ins and the lock they earned, per key (app/lib/rate-limit.server.ts); instants in epoch ms. */
export type LoginFailuresTable = {
	key: string
	failures: number
	last_failure: ColumnType<number, number | bigint, number | bigint>
	locked_until: ColumnType<number, number | bigint | undefined, number | bigint>
}

/** An account's TOTP secret (two-factor sign-in); `enabled_at` null while the enrolment awaits its first code. */
export type TwoFactorTable = {
	user_id: string
	secret: string
	enabled_at: Timestamp | null
	/** The 30-second step of the last accepted code; a code of this step or earlier is refused (no replay). */
	last_used_step: number | null
	created_at: CreatedAt
}

/** Single-use recovery codes, as SHA-256 hex of the normalised code. */
export type RecoveryCodesTable = {
	id: Generated<number>
	user_id: string
	code_hash: string
	used_at: Timestamp | null
	created_at: CreatedAt
}

/** Browsers that skip the second step for 30 days ("bu cihazı hatırla"). */
export type TrustedDevicesTable = {
	id: Generated<number>
	user_id: string
	token_hash: string
	user_agent: string | null
	expires_at: Timestamp
	created_at: CreatedAt
}

/**
 * A message from the contact form (admin "Mesajlar"): personal data, deleted
 * after CONTACT_RETENTION_DAYS. `read_at` null = unread; `archived_at` set = in the Arşiv.
 */
export type ContactMessagesTable = {
	id: Generated<number>
	created_at: CreatedAt
	name: string
	email: string
	subject: string
	message: string
	read_at: Timestamp | null
	archived_at: Timestamp | null
}

export type Database = {
	announcements: AnnouncementsTable
	events: EventsTable
	calendar_entries: CalendarEntriesTable
	bulletins: BulletinsTable
	bulletin_texts: BulletinTextsTable
	bulletin_pages: BulletinPagesTable
	alumni_news: AlumniNewsTable
	member_perks: MemberPerksTable
	pages: PagesTable
	page_revisions: PageRevisionsTable
	board_members: BoardMembersTable
	awards: AwardsTable
	literature_books: LiteratureBooksTable
	literature_award_years: LiteratureAwardYearsTable
	hero_slides: HeroSlidesTable
	settings: SettingsTable
	settings_revisions: SettingsRevisionsTable
	content_revisions: ContentRevisionsTable
	app_meta: AppMetaTable
	pending_deletions: PendingDeletionsTable
	search_documents: SearchDocumentsTable
	users: UsersTable
	invitations: InvitationsTable
	password_resets: PasswordResetsTable
	audit_log: AuditLogTable
	trash: TrashTable
	sessions: SessionsTable
	accounts: AccountsTable
	verifications: VerificationsTable
	rate_limits: RateLimitsTable
	login_failures: LoginFailuresTable
	two_factor: TwoFactorTable
	recovery_codes: RecoveryCodesTable
	trusted_devices: TrustedDevicesTable
	contact_messages: ContactMessagesTable
}

export type Announcement = Selectable<AnnouncementsTable>
export type NewAnnouncement = Insertable<AnnouncementsTable>
export type AnnouncementUpdate = Updateable<AnnouncementsTable>
export type EventRow = Selectable<EventsTable>
export type CalendarEntry = Selectable<CalendarEntriesTable>
export type Bulletin = Selectable<BulletinsTable>
export type AlumniNewsItem = Selectable<AlumniNewsTable>
export type MemberPerk = Selectable<MemberPerksTable>
export type Page = Selectable<PagesTable>
export type BoardMember = Selectable<BoardMembersTable>
export type Award = Selectable<AwardsTable>
export type LiteratureBook = Selectable<LiteratureBooksTable>
export type HeroSlideRow = Selectable<HeroSlidesTable>
