import fs from 'node:fs'
import path from 'node:path'

let root: string | undefined

/**
 * The project directory (the one holding package.json and content/), found
 * from this module whether it runs from source or from the server build.
 */
export function appRoot(): string {
	if (root) return root
	let dir = import.meta.dirname
	while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, 'content'))) {
		const parent = path.dirname(dir)
		if (parent === dir) {
			dir = process.cwd()
			break
		}
		dir = parent
	}
	root = dir
	return root
}
