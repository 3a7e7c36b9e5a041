import type { User } from '@speedway/contracts';
import type { UserRow } from './sessions.repository';

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    display_name: row.displayName,
    username: row.username,
    role: row.role,
    club_slug: row.clubSlug,
    email_verified: row.emailVerifiedAt !== null,
    avatar_url: row.avatarUrl,
  };
}
