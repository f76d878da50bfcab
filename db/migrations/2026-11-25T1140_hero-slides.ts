import { createdAt, type MigrationDb, timestampType, withIdColumn } from './helpers.ts'

/** The defaults the settings had when the slides were code (frozen here, not read from today's defaults). */
const ASSOCIATION = { name: 'Notre Dame de Sion Mezunları Derneği', foundedYear: 1987 }
const MOTTO = 'IN SION FIRMATA SUM'

async function storedAssociation(db: MigrationDb) {
	const row = await db.selectFrom('settings').select('value').where('key', '=', 'association').executeTakeFirst()
	try {
		const value = row ? (JSON.parse(String(row.value)) as Record<string, unknown>) : {}
		return {
			name: typeof value.name === 'string' && value.name.trim() ? value.name : ASSOCIATION.name,
			foundedYear: Number.isInteger(value.foundedYear) ? Number(value.foundedYear) : ASSOCIATION.foundedYear,
		}
	} catch {
		return ASSOCIATION
	}
}

/**
 * The home page's hero slides, which were code until now (spec §2
 * "Layout": three default slides, titled 'IN SION FIRMATA SUM' and the
 * association's name). A slide shows an uploaded image (`image_key`, a
 * stored media key) or one of the site's built-in images (`image_asset`,
 * e.g. `hero-1`). The three slides of the old code are added with their
 * built-in images and the association's stored name and founding year, so
 * the home page looks the same after the upgrade.
 */
export async function up(db: MigrationDb) {
	const ts = timestampType(db)
	const stamp = createdAt(db)
	await withIdColumn(db, db.schema.createTable('hero_slides'))
		.addColumn('title', 'text', (c) => c.notNull())
		.addColumn('text', 'text')
		.addColumn('link_url', 'text')
		.addColumn('link_label', 'text')
		.addColumn('image_key', 'text')
		.addColumn('image_asset', 'text')
		.addColumn('order_index', 'integer', (c) => c.notNull())
		.addColumn('created_at', ts, stamp)
		.addColumn('updated_at', ts, stamp)
		.execute()
	await db.schema.createIndex('hero_slides_order_index_idx').on('hero_slides').column('order_index').execute()

	const association = await storedAssociation(db)
	await db
		.insertInto('hero_slides')
		.values([
			{
				title: MOTTO,
				text: `${association.foundedYear}’den beri mezunlarımızı bir araya getiriyoruz.`,
				link_url: null,
				image_asset: 'hero-1',
				order_index: 1,
			},
			{
				title: association.name,
				text: 'Eski ve yeni kuşakları buluşturan, okul kimliğimizi yaşatan dernek.',
				link_url: null,
				image_asset: 'hero-2',
				order_index: 2,
			},
			{
				title: 'Derneğimize üye olun',
				text: 'Burslara, etkinliklere ve dayanışmaya siz de katılın.',
				link_url: '/uyelik/nasil-uye-olunur',
				image_asset: 'hero-3',
				order_index: 3,
			},
		])
		.execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('hero_slides').execute()
}
