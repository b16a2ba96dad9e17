"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowDownUp, FileArchive, FileJson, FileUp } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useRef, useState } from "react";
import { toast } from "sonner";

import { downloadGraphExport, readGraphUpload, type GraphExport } from "@/lib/browser-files";
import { useTRPC } from "@/trpc/react";

import styles from "./versions.module.css";

export interface ImportExportMenuProps {
  graphId: string;
  /** The revision the editor holds (an import replaces the draft as a new revision). */
  revision: number;
  /** Called after an import replaced the draft, with the new revision. */
  onImported: (revision: number) => void;
  /** Saves pending edits first, so an export is of what the user sees. */
  flush: () => Promise<void>;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Import/export from the editor: the draft as JSON or as a zip of Markdown
 * agent specs (downloads), and a JSON file or Markdown zip into this graph,
 * replacing the draft as a new revision.
 */
export function ImportExportMenu(props: ImportExportMenuProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [accept, setAccept] = useState(".json,application/json");
  const importJson = useMutation(trpc.graphs.importJson.mutationOptions());
  const importMarkdown = useMutation(trpc.graphs.importMarkdown.mutationOptions());

  async function exportAs(kind: "json" | "markdown") {
    try {
      await props.flush();
      const input = { graphId: props.graphId };
      const file: GraphExport =
        kind === "json"
          ? await queryClient.fetchQuery({ ...trpc.graphs.exportJson.queryOptions(input), staleTime: 0 })
          : await queryClient.fetchQuery({ ...trpc.graphs.exportMarkdown.queryOptions(input), staleTime: 0 });
      downloadGraphExport(file);
      toast.success(`Exported ${file.fileName}`);
    } catch (error) {
      toast.error(`Couldn’t export: ${reason(error)}`, { duration: 12_000 });
    }
  }

  function pick(kind: "json" | "markdown") {
    setAccept(kind === "json" ? ".json,application/json" : ".zip,application/zip");
    // After the menu closes and the accept attribute is rendered.
    setTimeout(() => fileInput.current?.click(), 0);
  }

  async function importFile(file: File) {
    try {
      const upload = await readGraphUpload(file);
      // Pending edits are saved first so the import's revision is the latest; the import then replaces them.
      await props.flush();
      const revision = (
        await queryClient.fetchQuery({ ...trpc.graphs.get.queryOptions({ graphId: props.graphId }), staleTime: 0 })
      ).revision;
      const target = { graphId: props.graphId, revision: Math.max(revision, props.revision) };
      const result =
        upload.kind === "json"
          ? { ...(await importJson.mutateAsync({ text: upload.text, ...target })), warnings: [] as string[] }
          : await importMarkdown.mutateAsync({ zipBase64: upload.zipBase64, ...target });
      await queryClient.invalidateQueries({ queryKey: trpc.graphs.get.queryKey({ graphId: props.graphId }) });
      toast.success(`Imported ${file.name} into this graph`, {
        description: result.warnings.length > 0 ? `Ignored: ${result.warnings.join("; ")}` : undefined,
      });
      props.onImported(result.revision);
    } catch (error) {
      toast.error(`Couldn’t import ${file.name}: ${reason(error)}`, { duration: 12_000 });
    }
  }

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button type="button" className={styles.menuTrigger}>
            <ArrowDownUp size={16} aria-hidden="true" />
            Import/Export
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.menu} align="end" sideOffset={4}>
            <DropdownMenu.Item className={styles.menuItem} onSelect={() => void exportAs("json")}>
              <FileJson size={15} aria-hidden="true" /> Export JSON
            </DropdownMenu.Item>
            <DropdownMenu.Item className={styles.menuItem} onSelect={() => void exportAs("markdown")}>
              <FileArchive size={15} aria-hidden="true" /> Export Markdown (zip)
            </DropdownMenu.Item>
            <DropdownMenu.Separator className={styles.menuSeparator} />
            <DropdownMenu.Item className={styles.menuItem} onSelect={() => pick("json")}>
              <FileUp size={15} aria-hidden="true" /> Import JSON…
            </DropdownMenu.Item>
            <DropdownMenu.Item className={styles.menuItem} onSelect={() => pick("markdown")}>
              <FileUp size={15} aria-hidden="true" /> Import Markdown zip…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <input
        ref={fileInput}
        type="file"
        accept={accept}
        className={styles.hiddenInput}
        aria-label="Import a file into this graph"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void importFile(file);
        }}
      />
    </>
  );
}
