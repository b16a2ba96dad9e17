"use client";

import { useQuery } from "@tanstack/react-query";
import { Info, Plus } from "lucide-react";
import { useState } from "react";

import { useTRPC } from "@/trpc/react";

import { ProviderCard } from "./provider-card";
import { ProviderDialog } from "./provider-dialog";
import styles from "./providers.module.css";
import ui from "./settings-ui.module.css";
import { useWorkspaceRole } from "./use-workspace-role";

/** Settings → Providers: the workspace's model providers; owners add, edit, test and delete them. */
export function ProvidersSection() {
  const trpc = useTRPC();
  const providers = useQuery(trpc.providers.list.queryOptions());
  const { role, isOwner } = useWorkspaceRole();
  const [adding, setAdding] = useState(false);

  return (
    <section aria-labelledby="providers-title">
      <div className={ui.toolbar}>
        <div>
          <h2 id="providers-title" className="visually-hidden">
            Providers
          </h2>
          <p className={ui.toolbarText}>
            OpenAI, Anthropic and OpenAI-compatible servers (Ollama, vLLM…) this workspace’s agents call. Keys are
            stored encrypted and never leave the server.
          </p>
        </div>
        {isOwner ? (
          <div className={ui.toolbarActions}>
            <button type="button" className={ui.primaryButton} onClick={() => setAdding(true)}>
              <Plus size={16} aria-hidden="true" />
              Add provider
            </button>
          </div>
        ) : null}
      </div>
      {role && !isOwner ? (
        <p className={ui.note}>
          <Info size={16} aria-hidden="true" />
          You are {role === "editor" ? "an editor" : "a viewer"} here: you can see the providers and pick their models
          in the editor; only owners add providers and keys.
        </p>
      ) : null}
      {providers.isPending ? (
        <ProvidersSkeleton />
      ) : providers.isError ? (
        <div className={ui.error} role="alert">
          <p className={ui.errorTitle}>Couldn’t load the providers</p>
          <p className={ui.errorMessage}>{providers.error.message}</p>
          <button type="button" className={ui.secondaryButton} onClick={() => void providers.refetch()}>
            Try again
          </button>
        </div>
      ) : providers.data.length === 0 ? (
        <div className={ui.empty}>
          <p className={ui.emptyTitle}>No providers yet</p>
          <p className={ui.emptyText}>
            Runs use the scripted (simulated) model or the server’s environment keys until a provider is added.
            {isOwner ? " Add one to call real models with this workspace’s own key." : ""}
          </p>
          {isOwner ? (
            <button type="button" className={ui.primaryButton} onClick={() => setAdding(true)}>
              <Plus size={16} aria-hidden="true" />
              Add provider
            </button>
          ) : null}
        </div>
      ) : (
        <ul className={styles.list} aria-label="Providers">
          {providers.data.map((provider) => (
            <ProviderCard key={provider.id} provider={provider} canEdit={isOwner} />
          ))}
        </ul>
      )}
      {isOwner ? <ProviderDialog open={adding} onOpenChange={setAdding} /> : null}
    </section>
  );
}

function ProvidersSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading providers" className={styles.list}>
      {[0, 1].map((row) => (
        <div key={row} className={`${ui.card} ${styles.skeletonCard}`}>
          <span className={ui.skeleton} style={{ height: 36 }} />
          <span className={styles.skeletonLines}>
            <span className={ui.skeleton} style={{ width: "30%" }} />
            <span className={ui.skeleton} style={{ width: "55%" }} />
            <span className={ui.skeleton} style={{ width: "42%" }} />
          </span>
        </div>
      ))}
    </div>
  );
}
