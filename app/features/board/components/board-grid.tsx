import type { BoardMember } from '../board.server.ts'

/** Spec §2: name and photo (and role when set); two columns on small screens, three on wide ones. */
export function BoardGrid({ members, headingLevel = 3 }: { members: Array<BoardMember>; headingLevel?: 2 | 3 }) {
	const Name = headingLevel === 2 ? 'h2' : 'h3'
	return (
		<ul className="board-grid" data-board-grid="">
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
						loading={i < 3 ? 'eager' : 'lazy'}
						decoding="async"
					/>
					<Name className="board-card__name">{member.name}</Name>
					{member.role ? <p className="board-card__role">{member.role}</p> : null}
				</li>
			))}
		</ul>
	)
}
