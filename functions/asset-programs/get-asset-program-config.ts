import { authedOperation } from '../core/http/operation';
import { loadConfig } from './load';
import { presentConfig } from './store';

/** Its account and the program's owner read a config. */
export const getAssetProgramConfig = authedOperation(async (request) => presentConfig(await loadConfig(request)));
