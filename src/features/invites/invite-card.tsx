"use client";

import { useMutation } from "@tanstack/react-query";
import { CircleAlert, MailOpen } from "lucide-react";
import Link from "next/link";
import { toast } from "sonner";

import { ROLE_SUMMARIES, withArticle } from "@/core/workspaces/roles";
import { invitePath } from "@/core/workspaces/workspace-inputs";
import { useSwitchWorkspace } from "@/lib/use-switch-workspace";
import { useTRPC, type RouterOutputs } from "@/trpc/react";

import styles from "./invite.module.css";

type Invite = RouterOutputs["invitations"]["inspect"];

/** Why an invite cannot be shown: an unknown or malformed link, or the server failed. */
export type InviteProblem = { kind: "invalid" } | { kind: "error"; message: string };

const ENDED: Record<Exclude<Invite["state"], "valid">, { title: string; text: string }> = {
  used: {
    title: "This invite link was already used",
    text: "Each link lets one person in. If that was not you, ask an owner of the workspace for a new link.",
  },
  expired: {
    title: "This invite link has expired",
    text: "Ask an owner of the workspace for a new link.",
  },
  revoked: {
    title: "This invite link was revoked",
    text: "An owner of the workspace withdrew it. Ask them for a new link if you should still join.",
  },
};

/** The invite page's card: who invites you where and as what, and how to accept (or why you cannot). */
export function InviteCard(props: {
  token: string;
  signedIn: boolean;
  invite: Invite | null;
  problem: InviteProblem | null;
}) {
  const { invite, problem } = props;
  if (!invite) {
    return (
      <Card
        tone="problem"
        title={problem?.kind === "error" ? "Couldn’t open this invitation" : "This invite link doesn’t work"}
      >
        <p className={styles.text}>
          {problem?.kind === "error"
            ? problem.message
            : "It is not a link any workspace handed out: check that you copied all of it, or ask the person who sent it for a new one."}
        </p>
        <Actions signedIn={props.signedIn} />
      </Card>
    );
  }

  const headline = `${invite.inviterName ?? "Someone"} invited you to ${invite.workspaceName} as ${withArticle(invite.role)}`;
  if (invite.state !== "valid") {
    const ended = ENDED[invite.state];
    return (
      <Card tone="problem" title={ended.title} lead={headline}>
        <p className={styles.text}>{ended.text}</p>
        <Actions signedIn={props.signedIn} />
      </Card>
    );
  }

  return (
    <Card tone="invite" title={headline}>
      <p className={styles.text}>
        <strong className={styles.role}>{invite.role}</strong> — {ROLE_SUMMARIES[invite.role]}
      </p>
      {props.signedIn ? <AcceptInvite token={props.token} /> : <SignInFirst token={props.token} />}
    </Card>
  );
}

function Card(props: { tone: "invite" | "problem"; title: string; lead?: string; children: React.ReactNode }) {
  const Icon = props.tone === "invite" ? MailOpen : CircleAlert;
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="invite-title" data-tone={props.tone}>
        <span className={styles.icon} aria-hidden="true">
          <Icon size={22} />
        </span>
        {props.lead ? <p className={styles.lead}>{props.lead}</p> : null}
        <h1 id="invite-title" className={styles.title}>
          {props.title}
        </h1>
        {props.children}
      </section>
    </div>
  );
}

function Actions({ signedIn }: { signedIn: boolean }) {
  return (
    <div className={styles.actions}>
      <Link href={signedIn ? "/graphs" : "/sign-in"} className={styles.secondaryButton}>
        {signedIn ? "Go to your graphs" : "Sign in"}
      </Link>
    </div>
  );
}

function AcceptInvite({ token }: { token: string }) {
  const trpc = useTRPC();
  const switchWorkspace = useSwitchWorkspace();
  const accept = useMutation(
    trpc.invitations.accept.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.message);
        await switchWorkspace(result.workspaceId);
      },
    }),
  );
  return (
    <>
      {accept.isError ? (
        <p className={styles.error} role="alert">
          {accept.error.message}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Link href="/graphs" className={styles.secondaryButton}>
          Not now
        </Link>
        <button
          type="button"
          className={styles.primaryButton}
          disabled={accept.isPending || accept.isSuccess}
          onClick={() => accept.mutate({ token })}
        >
          {accept.isPending || accept.isSuccess ? "Joining…" : "Accept invitation"}
        </button>
      </div>
    </>
  );
}

function SignInFirst({ token }: { token: string }) {
  const next = encodeURIComponent(invitePath(token));
  return (
    <>
      <p className={styles.text}>Sign in to accept it — or create an account first; you come back here after.</p>
      <div className={styles.actions}>
        <Link href={`/sign-up?next=${next}`} className={styles.secondaryButton}>
          Create an account
        </Link>
        <Link href={`/sign-in?next=${next}`} className={styles.primaryButton}>
          Sign in to accept
        </Link>
      </div>
    </>
  );
}
