import { formatLira } from '#app/lib/tr.ts'

/** Spec §9: entry fee, the year's dues, and no entry fee for the year's new graduates (amounts from settings). */
export function DuesTable({ year, entryFee, annualDues }: { year: number; entryFee: number; annualDues: number }) {
	return (
		<table className="page-table dues-table">
			<caption>Üyelik ücretleri</caption>
			<thead>
				<tr>
					<th scope="col">Ücret</th>
					<th scope="col">Tutar</th>
				</tr>
			</thead>
			<tbody>
				<tr>
					<th scope="row">Giriş aidatı (üyelikte bir kez)</th>
					<td>{formatLira(entryFee)}</td>
				</tr>
				<tr>
					<th scope="row">{year} yılı aidatı</th>
					<td>{formatLira(annualDues)}</td>
				</tr>
				<tr>
					<th scope="row">Mezuniyet yılında üye olanlar için giriş aidatı</th>
					<td>Alınmaz</td>
				</tr>
			</tbody>
		</table>
	)
}
