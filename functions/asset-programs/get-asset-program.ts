import { authedOperation } from '../core/http/operation';
import { loadProgram } from './load';
import { presentProgram } from './store';

export const getAssetProgram = authedOperation(async (request) => presentProgram(await loadProgram(request)));
