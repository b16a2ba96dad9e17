"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Copy, FileArchive, FileJson, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { AlertDialog, Dialog, DropdownMenu } from "radix-ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";

import { graphDocumentSchema } from "@/core/graph/schema";
import { downloadGraphExport, type GraphExport } from "@/lib/browser-files";
import { useTRPC } from "@/trpc/react";

import styles from "./graph-actions.module.css";

interface GraphRef {
  id: string;
  name: string;
}

/** Per-graph actions of the list: rename, duplicate, export JSON / Markdown, delete (confirmed). */
export function GraphRowMenu({ graph }: { graph: GraphRef }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const refreshList = () => queryClient.invalidateQueries({ queryKey: trpc.graphs.list.queryKey() });

  const duplicate = useMutation(
    trpc.graphs.duplicate.mutationOptions({
      onSuccess: async () => {
        await refreshList();
        toast.success(`Duplicated “${graph.name}”`);
      },
      onError: (error) => toast.error(`Couldn’t duplicate “${graph.name}”: ${error.message}`),
    }),
  );

  async function exportAs(kind: "json" | "markdown") {
    try {
      const input = { graphId: graph.id };
      const file: GraphExport =
        kind === "json"
          ? await queryClient.fetchQuery({ ...trpc.graphs.exportJson.queryOptions(input), staleTime: 0 })
          : await queryClient.fetchQuery({ ...trpc.graphs.exportMarkdown.queryOptions(input), staleTime: 0 });
      downloadGraphExport(file);
      toast.success(`Exported ${file.fileName}`);
    } catch (error) {
      toast.error(`Couldn’t export “${graph.name}”: ${error instanceof Error ? error.message : String(error)}`, {
        duration: 10_000,
      });
    }
  }

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button type="button" className={styles.iconButton} aria-label={`Actions for ${graph.name}`}>
            <MoreHorizontal size={18} aria-hidden="true" />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.menu} align="end" sideOffset={4}>
            <DropdownMenu.Item className={styles.menuItem} onSelect={() => setDialog("rename")}>
              <Pencil size={15} aria-hidden="true" /> Rename…
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={styles.menuItem}
              disabled={duplicate.isPending}
              onSelect={() => duplicate.mutate({ graphId: graph.id })}
            >
              <Copy size={15} aria-hidden="true" /> Duplicate
            </DropdownMenu.Item>
            <DropdownMenu.Separator className={styles.menuSeparator} />
            <DropdownMenu.Item className={styles.menuItem} onSelect={() => void exportAs("json")}>
              <FileJson size={15} aria-hidden="true" /> Export JSON
            </DropdownMenu.Item>
            <DropdownMenu.Item className={styles.menuItem} onSelect={() => void exportAs("markdown")}>
              <FileArchive size={15} aria-hidden="true" /> Export Markdown (zip)
            </DropdownMenu.Item>
            <DropdownMenu.Separator className={styles.menuSeparator} />
            <DropdownMenu.Item
              className={`${styles.menuItem} ${styles.menuItemDanger}`}
              onSelect={() => setDialog("delete")}
            >
              <Trash2 size={15} aria-hidden="true" /> Delete…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <RenameDialog
        graph={graph}
        open={dialog === "rename"}
        onOpenChange={(open) => setDialog(open ? "rename" : null)}
      />
      <DeleteDialog
        graph={graph}
        open={dialog === "delete"}
        onOpenChange={(open) => setDialog(open ? "delete" : null)}
      />
    </>
  );
}

/** The rename form: the name rule is the graph document schema's. */
const renameFormSchema = z.object({ name: graphDocumentSchema.shape.name });
type RenameForm = z.infer<typeof renameFormSchema>;

function RenameDialog(props: { graph: GraphRef; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          {props.open ? <RenameForm graph={props.graph} onDone={() => props.onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RenameForm({ graph, onDone }: { graph: GraphRef; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<RenameForm>({ resolver: zodResolver(renameFormSchema), defaultValues: { name: graph.name } });
  const rename = useMutation(
    trpc.graphs.rename.mutationOptions({
      onSuccess: async (_result, input) => {
        await queryClient.invalidateQueries({ queryKey: trpc.graphs.list.queryKey() });
        toast.success(`Renamed to “${input.name.trim()}”`);
        onDone();
      },
      onError: (error) => toast.error(`Couldn’t rename “${graph.name}”: ${error.message}`),
    }),
  );
  const error = form.formState.errors.name?.message;
  const submit = form.handleSubmit((values) => rename.mutate({ graphId: graph.id, name: values.name.trim() }));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
      <Dialog.Title className={styles.dialogTitle}>Rename graph</Dialog.Title>
      <Dialog.Description className={styles.dialogDescription}>
        The new name is saved to the graph’s draft as a new revision.
      </Dialog.Description>
      <div className={styles.field}>
        <label htmlFor="rename-graph-name" className={styles.label}>
          Name
        </label>
        <input
          id="rename-graph-name"
          className={styles.input}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "rename-graph-error" : undefined}
          {...form.register("name", { setValueAs: (value: string) => value.trim() })}
        />
        {error ? (
          <span id="rename-graph-error" className={styles.fieldError}>
            {error}
          </span>
        ) : null}
      </div>
      <div className={styles.dialogActions}>
        <Dialog.Close asChild>
          <button type="button" className={styles.secondaryButton}>
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className={styles.primaryButton} disabled={rename.isPending}>
          {rename.isPending ? "Renaming…" : "Rename"}
        </button>
      </div>
    </form>
  );
}

function DeleteDialog(props: { graph: GraphRef; open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.graphs.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.graphs.list.queryKey() });
        toast.success(`Deleted “${props.graph.name}”`);
        props.onOpenChange(false);
      },
      onError: (error) => toast.error(`Couldn’t delete “${props.graph.name}”: ${error.message}`),
    }),
  );
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.dialog}>
          <AlertDialog.Title className={styles.dialogTitle}>Delete “{props.graph.name}”?</AlertDialog.Title>
          <AlertDialog.Description className={styles.dialogDescription}>
            The graph, its draft and all its versions are deleted. This cannot be undone; export it first to keep a
            copy.
          </AlertDialog.Description>
          <div className={styles.dialogActions}>
            <AlertDialog.Cancel asChild>
              <button type="button" className={styles.secondaryButton}>
                Cancel
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              className={styles.dangerButton}
              disabled={remove.isPending}
              onClick={() => remove.mutate({ graphId: props.graph.id })}
            >
              {remove.isPending ? "Deleting…" : "Delete graph"}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
