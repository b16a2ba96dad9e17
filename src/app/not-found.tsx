import type { Metadata } from "next";
import Link from "next/link";

import { PageHeader } from "@/features/shell/page-header";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <PageHeader
      title="Page not found"
      description={
        <>
          There is nothing at this address. Go back to{" "}
          <Link href="/graphs" className="text-link">
            your graphs
          </Link>
          .
        </>
      }
    />
  );
}
