/**
 * The process logger: pino, JSON in production, pretty in development, silent in unit tests
 * unless LOG_LEVEL says otherwise.
 */
import pino from 'pino';

const isProd = process.env.NODE_ENV === 'production';
const level = process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : isProd ? 'info' : 'debug');

export const logger = pino({
  level,
  redact: {
    paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    remove: true,
  },
  ...(isProd || process.env.VITEST
    ? {}
    : { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } }),
});
