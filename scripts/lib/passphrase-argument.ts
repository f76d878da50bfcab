/**
 * The backup tools never take a passphrase on the command line: other users
 * see command lines in `ps`, and the shell keeps them in its history. Exits 2
 * (a usage error) when one is given.
 */
export function refusePassphraseArgument(argv: ReadonlyArray<string> = process.argv.slice(2)) {
	if (!argv.some((arg) => /^--passphrase(=|$)/.test(arg))) return
	console.error(
		'error: --passphrase is not accepted: a passphrase on the command line is visible to other users and kept in shell history. Use --passphrase-file FILE or BACKUP_PASSPHRASE.',
	)
	process.exit(2)
}
