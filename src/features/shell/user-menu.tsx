"use client";

import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { DropdownMenu } from "radix-ui";
import { useEffect, useState } from "react";
import { toast } from "sonner";

import { authClient } from "@/lib/auth-client";

import styles from "./user-menu.module.css";

/** Up to two initials of a name ("Ada Lovelace" → "AL"), or the email's first letter. */
function initials(name: string, email: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
  return letters || email.slice(0, 1).toUpperCase();
}

/**
 * The signed-in person (name, email) and "Sign out", at the end of the
 * header. A session that has ended (signed out elsewhere, expired) sends the
 * browser to the sign-in page, back here afterwards.
 */
export function UserMenu() {
  const session = authClient.useSession();
  const pathname = usePathname();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  const user = session.data?.user;

  useEffect(() => {
    // Signing out here goes to a plain /sign-in (below): the next person starts from the graphs list.
    if (signingOut || session.isPending || session.error || session.data) return;
    router.replace(`/sign-in?${new URLSearchParams({ next: pathname }).toString()}`);
  }, [signingOut, session.isPending, session.error, session.data, pathname, router]);

  async function signOut() {
    setSigningOut(true);
    const { error } = await authClient.signOut();
    if (error) {
      setSigningOut(false);
      toast.error(`Couldn’t sign out: ${error.message ?? `HTTP ${error.status}`}`);
      return;
    }
    // Nothing of the signed-out person's workspace stays in this tab's cache.
    queryClient.clear();
    router.replace("/sign-in");
    router.refresh();
  }

  if (!user) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={styles.trigger} aria-label={`Account: ${user.name} (${user.email})`}>
          <span className={styles.avatar} aria-hidden="true">
            {initials(user.name, user.email)}
          </span>
          <span className={styles.name}>{user.name}</span>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6}>
          <DropdownMenu.Label className={styles.who}>
            <span className={styles.whoName}>{user.name}</span>
            <span className={styles.whoEmail}>{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.item} disabled={signingOut} onSelect={() => void signOut()}>
            <LogOut size={15} aria-hidden="true" /> {signingOut ? "Signing out…" : "Sign out"}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
