"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useRef } from "react";
import { toast } from "sonner";

import { readGraphUpload } from "@/lib/browser-files";
import { useTRPC } from "@/trpc/react";

import styles from "./graph-actions.module.css";

/** "Import": a graph JSON file or a zip of Markdown agent specs becomes a new graph. */
export function ImportGraphButton() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const onImported = async (name: string, warnings: string[] = []) => {
    await queryClient.invalidateQueries({ queryKey: trpc.graphs.list.queryKey() });
    toast.success(`Imported ${name} as a new graph`, {
      description: warnings.length > 0 ? `Ignored: ${warnings.join("; ")}` : undefined,
    });
  };
  const onError = (error: { message: string }) =>
    toast.error(`Couldn’t import the file: ${error.message}`, { duration: 10_000 });
  const importJson = useMutation(trpc.graphs.importJson.mutationOptions({ onError }));
  const importMarkdown = useMutation(trpc.graphs.importMarkdown.mutationOptions({ onError }));
  const busy = importJson.isPending || importMarkdown.isPending;

  async function importFile(file: File) {
    let upload;
    try {
      upload = await readGraphUpload(file);
    } catch (error) {
      toast.error(`Couldn’t read ${file.name}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (upload.kind === "json") {
      await importJson.mutateAsync({ text: upload.text });
      await onImported(file.name);
    } else {
      const result = await importMarkdown.mutateAsync({ zipBase64: upload.zipBase64 });
      await onImported(file.name, result.warnings);
    }
  }

  return (
    <>
      <button type="button" className={styles.secondaryButton} onClick={() => input.current?.click()} disabled={busy}>
        <Upload size={16} aria-hidden="true" />
        {busy ? "Importing…" : "Import"}
      </button>
      <input
        ref={input}
        type="file"
        className={styles.hiddenInput}
        accept=".json,.zip,application/json,application/zip"
        aria-label="Import a graph JSON file or a zip of Markdown agent specs"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) importFile(file).catch(() => {}); // errors are toasted by the mutations
        }}
      />
    </>
  );
}
