import { LEADERBOARD_PAGE_SIZE } from '../domain/leaderboard.ts';
import { unwrap, type Client, type RpcRows } from './client.ts';

export type LeaderboardRow = RpcRows<'get_leaderboard'>[number];
export type MyLeaderboardRank = RpcRows<'get_my_leaderboard_rank'>[number];

/** Totals of the community stat cards. */
export interface CommunityStats {
  readonly totalFeedbacks: number;
  readonly uniqueCompanies: number;
}

/** Total feedback and companies helped (spec §7 get_community_stats). */
export async function getCommunityStats(
  client: Client,
): Promise<CommunityStats> {
  const rows = unwrap(await client.rpc('get_community_stats'));
  const row = rows?.[0];
  return {
    totalFeedbacks: Number(row?.total_feedbacks ?? 0),
    uniqueCompanies: Number(row?.unique_companies ?? 0),
  };
}

/** One leaderboard page (1-based), most XP first, with the total count. */
export async function getLeaderboard(
  client: Client,
  page: number,
  pageSize: number = LEADERBOARD_PAGE_SIZE,
): Promise<{ rows: LeaderboardRow[]; totalCount: number }> {
  const rows = unwrap(
    await client.rpc('get_leaderboard', {
      page_num: page,
      page_size: pageSize,
    }),
  );
  return { rows, totalCount: Number(rows[0]?.total_count ?? 0) };
}
