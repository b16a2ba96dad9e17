import type { Prisma, PrismaClient } from "@/generated/prisma/client";

/** The app's client or a transaction's: repositories that need no transaction of their own take either. */
export type DbClient = PrismaClient | Prisma.TransactionClient;
