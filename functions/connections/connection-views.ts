import type { Connection, StoredConnection } from './entities';
import { connection, connectionSummary } from './schemas';
import { publicView } from '../core/db/entity';
import { connectionEntity } from './entities';

export const findConnection = (id: string): Promise<StoredConnection | undefined> => connectionEntity.get(id);

export const present = (record: StoredConnection): Connection => publicView<Connection>(connection, record);
export const presentSummary = (record: StoredConnection) =>
  publicView<Record<string, unknown>>(connectionSummary, record);
