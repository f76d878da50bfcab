import { msg } from '#app/lib/messages.ts'
import { formatLira } from '#app/lib/tr.ts'

/** Spec §9: entry fee, the year's dues, and no entry fee for the year's new graduates (amounts from settings). */
export function DuesTable({ year, entryFee, annualDues }: { year: number; entryFee: number; annualDues: number }) {
	return (
		<table className="page-table dues-table">
			<caption>{msg.dues.feesCaption}</caption>
			<thead>
				<tr>
					<th scope="col">{msg.dues.fee}</th>
					<th scope="col">{msg.dues.amount}</th>
				</tr>
			</thead>
			<tbody>
				<tr>
					<th scope="row">{msg.dues.entryFee}</th>
					<td>{formatLira(entryFee)}</td>
				</tr>
				<tr>
					<th scope="row">{msg.dues.yearDues(year)}</th>
					<td>{formatLira(annualDues)}</td>
				</tr>
				<tr>
					<th scope="row">{msg.dues.graduateEntryFee}</th>
					<td>{msg.dues.notCharged}</td>
				</tr>
			</tbody>
		</table>
	)
}
