import { and, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { embeddedDevices } from "../db/schema.js";
import { hmac } from "./crypto.js";

/**
 * The devices of a user: a device is a browser profile of the secure frame, named by a random 32-byte id the frame
 * makes and keeps (43 base64url characters). Only the id's HMAC is stored. A device is approved by a verified login
 * code, a social or Farcaster login, or the approval link mailed to the user.
 */

/** The stored form of a device id. */
export const hashDeviceId = (secret: Buffer, deviceId: string): string => hmac(secret, `device:${deviceId}`);

/** Marks the device approved for the user (idempotent). */
export async function approveDevice(
  db: Executor,
  userId: string,
  deviceHash: string,
  now: Date = new Date(),
): Promise<void> {
  await db.insert(embeddedDevices).values({ userId, deviceHash, approvedAt: now }).onConflictDoNothing();
}

/** Whether the user approved this device. */
export async function isDeviceApproved(db: Executor, userId: string, deviceHash: string): Promise<boolean> {
  const rows = await db
    .select({ userId: embeddedDevices.userId })
    .from(embeddedDevices)
    .where(
      and(
        eq(embeddedDevices.userId, userId),
        eq(embeddedDevices.deviceHash, deviceHash),
        isNotNull(embeddedDevices.approvedAt),
      ),
    );
  return rows.length > 0;
}
