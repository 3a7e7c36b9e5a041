import type { User } from '@speedway/contracts';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { displayNameOf, initialsOf } from '@/lib/user';
import { cn } from '@/lib/utils';

type UserAvatarProps = {
  user: Pick<User, 'email' | 'display_name' | 'avatar_url'> & Partial<Pick<User, 'username'>>;
  className?: string;
  fallbackClassName?: string;
};

/** Initials always; the picture on top of them when avatar_url is set and loads. */
export function UserAvatar({ user, className, fallbackClassName }: UserAvatarProps) {
  return (
    <Avatar className={cn(className)}>
      {user.avatar_url ? <AvatarImage src={user.avatar_url} alt={displayNameOf(user)} /> : null}
      <AvatarFallback className={fallbackClassName} delayMs={user.avatar_url ? 400 : 0}>
        {initialsOf(user)}
      </AvatarFallback>
    </Avatar>
  );
}
