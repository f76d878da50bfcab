import { sql } from 'kysely'
import { createdAt, type MigrationDb, timestampType, withIdColumn } from './helpers.ts'

export async function up(db: MigrationDb) {
	const ts = timestampType(db)
	const stamp = createdAt(db)

	await withIdColumn(db, db.schema.createTable('announcements'))
		.addColumn('slug', 'text')
		.addColumn('title', 'text', (c) => c.notNull())
		.addColumn('lead', 'text')
		.addColumn('excerpt', 'text')
		.addColumn('body', 'text')
		.addColumn('cover_url', 'text')
		.addColumn('hero_bg_url', 'text')
		.addColumn('href', 'text')
		.addColumn('gallery', 'text')
		.addColumn('published_at', ts)
		.addColumn('featured_home', 'boolean', (c) => c.notNull().defaultTo(false))
		.addColumn('featured_until', ts)
		.addColumn('order_index', 'integer')
		.addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
		.addColumn('created_at', ts, stamp)
		.addColumn('updated_at', ts, stamp)
		.addUniqueConstraint('announcements_slug_key', ['slug'])
		.execute()
	await db.schema.createIndex('announcements_published_at_idx').on('announcements').column('published_at').execute()
	await db.schema.createIndex('announcements_order_index_idx').on('announcements').column('order_index').execute()

	await withIdColumn(db, db.schema.createTable('events'))
		.addColumn('slug', 'text', (c) => c.notNull())
		.addColumn('title', 'text', (c) => c.notNull())
		.addColumn('lead', 'text')
		.addColumn('excerpt', 'text')
		.addColumn('body', 'text')
		.addColumn('starts_at', ts)
		.addColumn('ends_at', ts)
		.addColumn('location', 'text')
		.addColumn('cover_url', 'text')
		.addColumn('hero_bg_url', 'text')
		.addColumn('gallery', 'text')
		.addColumn('featured_home', 'boolean', (c) => c.notNull().defaultTo(false))
		.addColumn('featured_until', ts)
		.addColumn('created_at', ts, stamp)
		.addColumn('updated_at', ts, stamp)
		.addUniqueConstraint('events_slug_key', ['slug'])
		.execute()
	await db.schema.createIndex('events_starts_at_idx').on('events').column('starts_at').execute()

	await withIdColumn(db, db.schema.createTable('calendar_entries'))
		.addColumn('title', 'text', (c) => c.notNull())
		.addColumn('date', 'text', (c) => c.notNull())
		.addColumn('created_at', ts, stamp)
		.addColumn('updated_at', ts, stamp)
		.execute()
	await db.schema.createIndex('calendar_entries_date_idx').on('calendar_entries').column('date').execute()

	await withIdColumn(db, db.schema.createTable('bulletins'))
		.addColumn('year', 'integer', (c) => c.notNull())
		.addColumn('month', 'integer', (c) => c.notNull().check(sqlMonthCheck()))
		.addColumn('pdf_url', 'text', (c) => c.notNull())
		.addColumn('cover_url', 'text')
		.addColumn('created_at', ts, stamp)
		.addColumn('updated_at', ts, stamp)
		.addUniqueConstraint('bulletins_year_month_key', ['year', 'month'])
		.execute()

	await withIdColumn(db, db.schema.createTable('alumni_news'))
		.addColumn('slug', 'text', (c) => c.notNull())
		.addColumn('title', 'text', (c) => c.notNull())
		.addColumn('link', 'text')
		.addColumn('description', 'text')
		.addColumn('image_url', 'text')
		.addColumn('cover_url', 'text')
		.addColumn('created_at', ts, stamp)
		.addColumn('updated_at', ts, stamp)
		.addUniqueConstraint('alumni_news_slug_key', ['slug'])
		.execute()
	await db.schema.createIndex('alumni_news_created_at_idx').on('alumni_news').column('created_at').execute()

	await withIdColumn(db, db.schema.createTable('member_perks'))
		.addColumn('business_name', 'text', (c) => c.notNull())
		.addColumn('category', 'text')
		.addColumn('discount', 'text')
		.addColumn('discount_code', 'text')
		.addColumn('contact_phone', 'text')
		.addColumn('contact_email', 'text')
		.addColumn('alumnus_name', 'text')
		.addColumn('logo_url', 'text')
		.addColumn('idx', 'integer')
		.addColumn('created_at', ts, stamp)
		.addColumn('updated_at', ts, stamp)
		.execute()

	await db.schema
		.createTable('pages')
		.addColumn('slug', 'text', (c) => c.primaryKey())
		.addColumn('title', 'text', (c) => c.notNull())
		.addColumn('description', 'text')
		.addColumn('body', 'text', (c) => c.notNull())
		.addColumn('updated_at', ts, stamp)
		.execute()

	await withIdColumn(db, db.schema.createTable('board_members'))
		.addColumn('name', 'text', (c) => c.notNull())
		.addColumn('role', 'text')
		.addColumn('photo_url', 'text')
		.addColumn('order_index', 'integer', (c) => c.notNull())
		.addColumn('created_at', ts, stamp)
		.addColumn('updated_at', ts, stamp)
		.execute()

	await withIdColumn(db, db.schema.createTable('awards'))
		.addColumn('first_name', 'text', (c) => c.notNull())
		.addColumn('last_name', 'text', (c) => c.notNull())
		.addColumn('nds_surname', 'text')
		.addColumn('nds_year', 'integer', (c) => c.notNull())
		.addColumn('title', 'text')
		.addColumn('profession', 'text')
		.addColumn('created_at', ts, stamp)
		.execute()
	await db.schema.createIndex('awards_nds_year_idx').on('awards').column('nds_year').execute()

	await withIdColumn(db, db.schema.createTable('literature_books'))
		.addColumn('year', 'integer', (c) => c.notNull())
		.addColumn('title', 'text', (c) => c.notNull())
		.addColumn('author', 'text', (c) => c.notNull())
		.addColumn('caption', 'text', (c) => c.notNull())
		.addColumn('image_url', 'text')
		.addColumn('honourable_mention', 'boolean', (c) => c.notNull().defaultTo(false))
		.addColumn('order_index', 'integer', (c) => c.notNull())
		.addColumn('created_at', ts, stamp)
		.execute()

	await db.schema
		.createTable('settings')
		.addColumn('key', 'text', (c) => c.primaryKey())
		.addColumn('value', 'text', (c) => c.notNull())
		.addColumn('updated_at', ts, stamp)
		.execute()

	await db.schema
		.createTable('app_meta')
		.addColumn('key', 'text', (c) => c.primaryKey())
		.addColumn('value', 'text', (c) => c.notNull())
		.execute()
}

function sqlMonthCheck() {
	return sql`month between 1 and 12`
}

export async function down(db: MigrationDb) {
	for (const table of [
		'app_meta',
		'settings',
		'literature_books',
		'awards',
		'board_members',
		'pages',
		'member_perks',
		'alumni_news',
		'bulletins',
		'calendar_entries',
		'events',
		'announcements',
	]) {
		await db.schema.dropTable(table).execute()
	}
}
