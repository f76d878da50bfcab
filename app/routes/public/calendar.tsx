import { ChevronLeftIcon, ChevronRightIcon } from '#app/components/ui/icons.tsx'
import { Pagination } from '#app/components/content/pagination.tsx'
import { PageTitle } from '#app/components/page-hero.tsx'
import { CALENDAR_PER_PAGE, listCalendarMonthPage } from '#app/features/calendar/calendar.server.ts'
import { formatMonthParam, parseMonthParam, parseYearParam, shiftMonth } from '#app/features/calendar/calendar.shared.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { pageInfo, parsePageParam } from '#app/lib/pagination.ts'
import { safeRead } from '#app/lib/safe-read.server.ts'
import { seo } from '#app/lib/seo.ts'
import { MONTH_NAMES, monthName, trUpper } from '#app/lib/tr.ts'
import type { Route } from './+types/calendar.ts'
import '#app/styles/content.css'

export const handle: SiteHandle = { navTheme: 'light' }

export function meta(args: Route.MetaArgs) {
	const data = args.loaderData
	const label = data ? `${monthName(data.month)} ${data.year}` : ''
	const title = label ? `${msg.nav.calendar} – ${label}` : msg.nav.calendar
	return seo(args, {
		title: data && data.page.page > 1 ? msg.common.pagedTitle(title, data.page.page) : title,
		description: `Derneğimizin ${label ? `${label} ` : ''}takvimi: toplantılar, buluşmalar, törenler ve etkinlikler gün gün.`,
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const { year, month } = parseMonthParam(url.searchParams.get('ay'))
	// Spec §8: calendar read errors are only logged; the month shows as empty.
	const read = await safeRead(
		() => listCalendarMonthPage({ year, month }, parsePageParam(url.searchParams.get('sayfa'))),
		'',
		'calendar month',
	)
	const { items, page } = read.ok ? read.data : { items: [], page: pageInfo(0, 1, CALENDAR_PER_PAGE) }
	return {
		year,
		month,
		/** `?yil=` opens the month picker on that year (the picker without JavaScript). */
		pickerYear: parseYearParam(url.searchParams.get('yil')),
		entries: items,
		page,
	}
}

const PICKER_ID = 'ay-secici'

/** Spec §2: the month header in capitalised Turkish. */
const capitalized = (text: string) => trUpper(text.charAt(0)) + text.slice(1)

export default function CalendarRoute({ loaderData }: Route.ComponentProps) {
	const { year, month, pickerYear, entries, page } = loaderData
	const current = formatMonthParam({ year, month })
	const previous = formatMonthParam(shiftMonth({ year, month }, -1))
	const next = formatMonthParam(shiftMonth({ year, month }, 1))
	const label = `${monthName(month)} ${year}`
	const shownYear = pickerYear ?? year
	const monthHref = (y: number, m: number) => `?ay=${formatMonthParam({ year: y, month: m })}`
	const yearHref = (y: number) => `?ay=${current}&yil=${y}#${PICKER_ID}`
	return (
		<>
			<PageTitle title={msg.calendar.title} />
			<div className="container calendar">
				<div className="calendar__header">
					<a className="button button--ghost calendar__step" href={`?ay=${previous}`} rel="prev">
						<ChevronLeftIcon size={18} />
						{msg.calendar.previous}
					</a>
					<h2 className="calendar__month" id="takvim-ay">
						<a
							href={yearHref(year)}
							className="calendar__month-button"
							data-month-picker-open=""
							aria-haspopup="dialog"
							aria-controls={PICKER_ID}
							aria-describedby="takvim-ay-ipucu"
						>
							{capitalized(monthName(month))} {year}
						</a>
					</h2>
					<span id="takvim-ay-ipucu" className="sr-only">
						{msg.calendar.openPicker}
					</span>
					<a className="button button--ghost calendar__step" href={`?ay=${next}`} rel="next">
						{msg.calendar.next}
						<ChevronRightIcon size={18} />
					</a>
				</div>

				<dialog
					id={PICKER_ID}
					className="month-picker"
					aria-labelledby={`${PICKER_ID}-baslik`}
					open={pickerYear !== null}
					data-month-picker=""
					data-year={shownYear}
					data-current-year={year}
					data-current-month={month}
				>
					<h3 id={`${PICKER_ID}-baslik`} className="month-picker__title">
						{msg.calendar.chooseMonth}
					</h3>
					<div className="month-picker__year">
						<a className="month-picker__step" href={yearHref(shownYear - 1)} data-year-step="-1" aria-label={msg.calendar.previousYear}>
							<ChevronLeftIcon size={18} />
						</a>
						<span className="month-picker__year-label" data-year-label="" aria-live="polite">
							{shownYear}
						</span>
						<a className="month-picker__step" href={yearHref(shownYear + 1)} data-year-step="1" aria-label={msg.calendar.nextYear}>
							<ChevronRightIcon size={18} />
						</a>
					</div>
					<ul className="month-picker__grid">
						{MONTH_NAMES.map((name, i) => (
							<li key={name}>
								<a
									href={monthHref(shownYear, i + 1)}
									className="month-picker__month"
									data-month={i + 1}
									aria-current={shownYear === year && i + 1 === month ? 'date' : undefined}
								>
									{name}
								</a>
							</li>
						))}
					</ul>
					<form method="dialog" className="month-picker__actions">
						<button type="submit" className="button button--ghost" data-month-picker-cancel="">
							{msg.common.cancel}
						</button>
					</form>
				</dialog>

				{entries.length === 0 ? (
					<p className="empty-state calendar__empty">{msg.calendar.empty}</p>
				) : (
					<ol className="calendar__list" aria-label={msg.calendar.listLabel(label)}>
						{entries.map((entry) => (
							<li key={entry.key} className="calendar__item">
								<time className="calendar__date" dateTime={entry.date}>
									<span className="calendar__day">{entry.day}</span>
									<span className="calendar__month-label">{entry.monthLabel}</span>
								</time>
								{entry.href ? (
									<a className="calendar__title calendar__title--event" href={entry.href}>
										{entry.title}
									</a>
								) : (
									<span className="calendar__title">{entry.title}</span>
								)}
							</li>
						))}
					</ol>
				)}
				<Pagination page={page} search={`?ay=${current}`} />
			</div>
		</>
	)
}
