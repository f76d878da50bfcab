import pino from 'pino'

/** JSON logs, one line per event; `LOG_LEVEL` sets the threshold. */
export const logger = pino({
	level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
	base: { pid: process.pid },
	timestamp: pino.stdTimeFunctions.isoTime,
	redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'password'], remove: true },
})
