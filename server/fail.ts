/** Prints one line for the operator and exits: a start-up problem they must fix, no stack trace. */
export function fail(message: string): never {
	process.stderr.write(`error: ${message}\n`)
	process.exit(1)
}
