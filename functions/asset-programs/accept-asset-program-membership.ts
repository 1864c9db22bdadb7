import { isoTimestamp } from '../core/clock';
import { authedOperation } from '../core/http/operation';
import { loadMemberMembership } from './load';
import { changeMembership } from './membership-change';

/**
 * The member account accepts the terms: `created` → `accepted`;
 * an approved membership stays `approved`, now accepted too.
 */
export const acceptAssetProgramMembership = authedOperation((request) =>
  changeMembership(request, loadMemberMembership, async (m) =>
    m.tosAcceptedAt
      ? {}
      : { tosAcceptedAt: isoTimestamp(request.now), status: m.status === 'created' ? 'accepted' : m.status },
  ),
);
