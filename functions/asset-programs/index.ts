/** The asset-programs group's public face: what other groups may use of it. */
export type { AssetProgram, AssetProgramConfig, AssetProgramMembership } from './entities';
