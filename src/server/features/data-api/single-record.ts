import type { DataEntity } from '../../../contract/data-api';
import type { DataLane } from '../../db/data-lane';
import { createRecords } from './create-records';
import { deleteRecords } from './delete-records';
import { updateRecords } from './update-records';

// One record at a time, as the generic routes and the entity routes both write it.

interface One {
  organizationId: string;
  entity: DataEntity;
}

export async function createOne(
  lane: DataLane,
  { organizationId, entity, values }: One & { values: unknown },
) {
  const { rows } = await createRecords(lane, {
    organizationId,
    entity,
    data: [values],
    bulk: false,
  });
  return rows[0]!;
}

export async function updateOne(
  lane: DataLane,
  {
    organizationId,
    entity,
    id,
    values,
    today,
  }: One & { id: string; values: unknown; today: string },
) {
  const items = [{ id, values }];
  const { rows } = await updateRecords(lane, { organizationId, entity, items, bulk: false, today });
  return rows[0]!;
}

export async function deleteOne(
  lane: DataLane,
  { organizationId, entity, id }: One & { id: string },
) {
  await deleteRecords(lane, { organizationId, entity, items: [id], bulk: false });
  return { id, deleted: true as const };
}
