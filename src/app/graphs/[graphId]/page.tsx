import type { Metadata } from "next";

import { EditorPage } from "@/features/editor/editor-page";

export const metadata: Metadata = { title: "Editor" };

/** The visual editor of one graph (loads its draft in the browser). */
export default async function GraphEditorRoute({ params }: { params: Promise<{ graphId: string }> }) {
  const { graphId } = await params;
  return <EditorPage graphId={graphId} />;
}
