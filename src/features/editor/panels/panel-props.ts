import type { CompileResult } from "@/core/compiler";
import type { GraphDocument } from "@/core/graph/schema";

import type { DocumentChange, Selection } from "../selection";

/** What every side panel gets from the inspector. */
export interface PanelProps {
  document: GraphDocument;
  compiled: CompileResult | null;
  onChange: DocumentChange<GraphDocument>;
  onSelect: (selection: Selection) => void;
}
