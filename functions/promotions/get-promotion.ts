import { authedOperation } from '../core/http/operation';
import { loadPromotion, presentPromotion } from './promotion-store';

export const getPromotion = authedOperation(async (request) => presentPromotion(await loadPromotion(request)));
