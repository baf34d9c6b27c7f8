// Registers hooks.mjs: every module the ESM loader resolves is appended to $LOADED_MODULES_LOG.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url, { data: { log: process.env.LOADED_MODULES_LOG } });
