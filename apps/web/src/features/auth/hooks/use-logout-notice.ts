import { useEffect } from 'react';
import { toast } from 'sonner';
import { takeLogoutNotice } from '@/lib/storage';

/** Shows, once, why the user was signed out (their own choice or an ended session). */
export function useLogoutNotice() {
  useEffect(() => {
    const notice = takeLogoutNotice();
    if (notice) toast('Utloggad', { description: notice });
  }, []);
}
