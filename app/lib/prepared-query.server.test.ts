import { expect, test } from 'vitest'
import { createCalendarEntry } from '#tests/factories/calendar.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { db } from './db.server.ts'
import { preparedQuery } from './prepared-query.server.ts'

const entriesFrom = preparedQuery(
	({ from, limit }: { from: string; limit: number }) =>
		db.selectFrom('calendar_entries').select(['title', 'date']).where('date', '>=', from).orderBy('date').limit(limit),
	{ shape: ['limit'] },
)
const entriesBetween = preparedQuery(({ from, to }: { from: string; to: string }) =>
	db
		.selectFrom('calendar_entries')
		.select('title')
		.where('date', '>=', from)
		.where('date', '<', to)
		.where('title', '<>', '')
		.orderBy('date'),
)

for (const dialect of dialectsUnderTest()) {
	test(`a prepared query gives the rows of the values it is run with, each database its own (${dialect})`, async () => {
		for (const titles of [['Genel kurul', 'Bahar şenliği', 'Mezuniyet töreni'], ['Kermes']]) {
			await withDatabase(dialect, async () => {
				const dates = ['2027-01-10', '2027-03-21', '2027-06-15']
				for (const [i, title] of titles.entries()) await createCalendarEntry({ title, date: dates[i] })
				expect(await entriesFrom({ from: '2027-01-01', limit: 10 })).toEqual(titles.map((title, i) => ({ title, date: dates[i] })))
				expect((await entriesFrom({ from: '2027-03-01', limit: 10 })).map((row) => row.title)).toEqual(titles.slice(1))
				// Another limit is another query.
				expect((await entriesFrom({ from: '2027-01-01', limit: 1 })).map((row) => row.title)).toEqual(titles.slice(0, 1))
				expect(await entriesBetween({ from: '2027-01-01', to: '2027-03-21' })).toEqual([{ title: titles[0] }])
				expect(await entriesBetween({ from: '2027-03-21', to: '2027-12-31' })).toEqual(titles.slice(1).map((title) => ({ title })))
			})
		}
	})
}

test('refuses at its first run a query that uses an argument other than as a whole value', async () => {
	await withDatabase('sqlite', async () => {
		const inText = preparedQuery(({ title }: { title: string }) =>
			db.selectFrom('calendar_entries').select('id').where('title', 'like', `${title}%`),
		)
		await expect(inText({ title: 'Genel' })).rejects.toThrow(/used inside a value/)
		const unused = preparedQuery(({ title: _title }: { title: string }) => db.selectFrom('calendar_entries').select('id'))
		await expect(unused({ title: 'Genel' })).rejects.toThrow(/title not bound as a whole value/)
	})
})
