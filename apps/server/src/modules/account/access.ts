import type { User } from '@lintel/contracts/account';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/app-error';

/**
 * The signed-in user when `id` is theirs. Someone else's id answers 404, the same as an id that does not
 * exist: nobody learns which accounts exist by probing ids.
 */
export function ownAccount(request: FastifyRequest, id: string): User {
  const user = request.user;
  if (!user) throw new AppError(401, 'common.unauthenticated');
  if (user._id !== id) throw new AppError(404, 'common.notFound');
  return user;
}

/** The user themself, or a system administrator. */
export function ownAccountOrAdmin(request: FastifyRequest, id: string): User {
  const user = request.user;
  if (!user) throw new AppError(401, 'common.unauthenticated');
  if (user._id !== id && !user.isSystemAdmin) throw new AppError(404, 'common.notFound');
  return user;
}
