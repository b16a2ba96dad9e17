/**
 * Queries about who holds the default workspace: the seed's placeholder
 * user, or real people (the first sign-up and whoever joins after).
 */
import type { DbClient } from "./db-client";

/** Reads and changes the default workspace's placeholder membership. */
export class DefaultOwnerRepository {
  constructor(private readonly db: DbClient) {}

  /** True when anyone but the user with `placeholderEmail` is a member of the workspace. */
  async hasMemberOtherThan(workspaceId: string, placeholderEmail: string): Promise<boolean> {
    const count = await this.db.membership.count({
      where: { workspaceId, user: { email: { not: placeholderEmail } } },
    });
    return count > 0;
  }

  /** Removes the user's membership of the workspace (nothing when there is none). */
  async removeMembership(workspaceId: string, userId: string): Promise<void> {
    await this.db.membership.deleteMany({ where: { workspaceId, userId } });
  }
}
