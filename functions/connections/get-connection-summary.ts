import { connectionEntity } from './entities';
import { forbidden } from '../core/errors/classes';
import { publicOperation } from '../core/http/operation';
import { presentSummary } from './connection-views';

/** What a wallet app shows before it authorizes a connection, to anyone holding its link: the summary fields only. */
export const getConnectionSummary = publicOperation(async ({ params }) => {
  const connection = await connectionEntity.get(params.connectionId);
  if (!connection) throw forbidden();
  return presentSummary(connection);
});
