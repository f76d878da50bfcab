import { msg } from '#app/lib/messages.ts'
import type { BoardMember } from '../board.server.ts'

/** The term every member shares, or null when they differ or none is set. */
export function sharedTerm(members: ReadonlyArray<BoardMember>): string | null {
	const terms = new Set(members.map((member) => member.term))
	const [only] = terms
	return terms.size === 1 && only ? only : null
}

/**
 * Spec §2: name and photo (and role when set); two columns on small screens,
 * three on wide ones. A term is shown on a card only when the members'
 * terms differ (a shared one is shown once above the grid).
 */
export function BoardGrid({
	members,
	headingLevel = 3,
	kind = 'board',
}: {
	members: Array<BoardMember>
	headingLevel?: 2 | 3
	kind?: 'board' | 'audit'
}) {
	const Name = headingLevel === 2 ? 'h2' : 'h3'
	const showTerms = sharedTerm(members) === null
	return (
		<ul className="board-grid" data-board-grid={kind === 'board' ? '' : undefined} data-audit-grid={kind === 'audit' ? '' : undefined}>
			{members.map((member, i) => (
				<li key={member.id} className="board-card">
					<img
						className="board-card__photo"
						src={member.photo.src}
						srcSet={member.photo.srcSet}
						sizes="(min-width: 900px) 340px, 45vw"
						width={member.photo.width}
						height={member.photo.height}
						alt=""
						loading={i < 3 && kind === 'board' ? 'eager' : 'lazy'}
						decoding="async"
					/>
					<Name className="board-card__name">{member.name}</Name>
					{member.role ? <p className="board-card__role">{member.role}</p> : null}
					{showTerms && member.term ? <p className="board-card__term">{msg.board.termShown(member.term)}</p> : null}
				</li>
			))}
		</ul>
	)
}

/** The presidents of earlier terms: name and term, with a small photo when there is one. */
export function PastPresidentList({ members }: { members: Array<BoardMember> }) {
	return (
		<ul className="past-presidents" data-past-presidents="">
			{members.map((member) => (
				<li key={member.id} className="past-president">
					{member.hasPhoto ? (
						<img
							className="past-president__photo"
							src={member.photo.src}
							srcSet={member.photo.srcSet}
							sizes="64px"
							width={member.photo.width}
							height={member.photo.height}
							alt=""
							loading="lazy"
							decoding="async"
						/>
					) : null}
					<span className="past-president__name">{member.name}</span>
					{member.term ? <span className="past-president__term">{member.term}</span> : null}
				</li>
			))}
		</ul>
	)
}
