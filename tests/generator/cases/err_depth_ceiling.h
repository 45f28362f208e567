/* Every document of top nests 1001 levels: beyond SC_MAX_DEPTH (1000),
 * the highest depth limit a decoder can be given, so no decoder accepts
 * one (an error, where 70 levels are a warning: err_depth.h). */

typedef struct {
    int value;
} d0;

typedef struct {
    d0 inner;
} d1;

typedef struct {
    d1 inner;
} d2;

typedef struct {
    d2 inner;
} d3;

typedef struct {
    d3 inner;
} d4;

typedef struct {
    d4 inner;
} d5;

typedef struct {
    d5 inner;
} d6;

typedef struct {
    d6 inner;
} d7;

typedef struct {
    d7 inner;
} d8;

typedef struct {
    d8 inner;
} d9;

typedef struct {
    d9 inner;
} d10;

typedef struct {
    d10 inner;
} d11;

typedef struct {
    d11 inner;
} d12;

typedef struct {
    d12 inner;
} d13;

typedef struct {
    d13 inner;
} d14;

typedef struct {
    d14 inner;
} d15;

typedef struct {
    d15 inner;
} d16;

typedef struct {
    d16 inner;
} d17;

typedef struct {
    d17 inner;
} d18;

typedef struct {
    d18 inner;
} d19;

typedef struct {
    d19 inner;
} d20;

typedef struct {
    d20 inner;
} d21;

typedef struct {
    d21 inner;
} d22;

typedef struct {
    d22 inner;
} d23;

typedef struct {
    d23 inner;
} d24;

typedef struct {
    d24 inner;
} d25;

typedef struct {
    d25 inner;
} d26;

typedef struct {
    d26 inner;
} d27;

typedef struct {
    d27 inner;
} d28;

typedef struct {
    d28 inner;
} d29;

typedef struct {
    d29 inner;
} d30;

typedef struct {
    d30 inner;
} d31;

typedef struct {
    d31 inner;
} d32;

typedef struct {
    d32 inner;
} d33;

typedef struct {
    d33 inner;
} d34;

typedef struct {
    d34 inner;
} d35;

typedef struct {
    d35 inner;
} d36;

typedef struct {
    d36 inner;
} d37;

typedef struct {
    d37 inner;
} d38;

typedef struct {
    d38 inner;
} d39;

typedef struct {
    d39 inner;
} d40;

typedef struct {
    d40 inner;
} d41;

typedef struct {
    d41 inner;
} d42;

typedef struct {
    d42 inner;
} d43;

typedef struct {
    d43 inner;
} d44;

typedef struct {
    d44 inner;
} d45;

typedef struct {
    d45 inner;
} d46;

typedef struct {
    d46 inner;
} d47;

typedef struct {
    d47 inner;
} d48;

typedef struct {
    d48 inner;
} d49;

typedef struct {
    d49 inner;
} d50;

typedef struct {
    d50 inner;
} d51;

typedef struct {
    d51 inner;
} d52;

typedef struct {
    d52 inner;
} d53;

typedef struct {
    d53 inner;
} d54;

typedef struct {
    d54 inner;
} d55;

typedef struct {
    d55 inner;
} d56;

typedef struct {
    d56 inner;
} d57;

typedef struct {
    d57 inner;
} d58;

typedef struct {
    d58 inner;
} d59;

typedef struct {
    d59 inner;
} d60;

typedef struct {
    d60 inner;
} d61;

typedef struct {
    d61 inner;
} d62;

typedef struct {
    d62 inner;
} d63;

typedef struct {
    d63 inner;
} d64;

typedef struct {
    d64 inner;
} d65;

typedef struct {
    d65 inner;
} d66;

typedef struct {
    d66 inner;
} d67;

typedef struct {
    d67 inner;
} d68;

typedef struct {
    d68 inner;
} d69;

typedef struct {
    d69 inner;
} d70;

typedef struct {
    d70 inner;
} d71;

typedef struct {
    d71 inner;
} d72;

typedef struct {
    d72 inner;
} d73;

typedef struct {
    d73 inner;
} d74;

typedef struct {
    d74 inner;
} d75;

typedef struct {
    d75 inner;
} d76;

typedef struct {
    d76 inner;
} d77;

typedef struct {
    d77 inner;
} d78;

typedef struct {
    d78 inner;
} d79;

typedef struct {
    d79 inner;
} d80;

typedef struct {
    d80 inner;
} d81;

typedef struct {
    d81 inner;
} d82;

typedef struct {
    d82 inner;
} d83;

typedef struct {
    d83 inner;
} d84;

typedef struct {
    d84 inner;
} d85;

typedef struct {
    d85 inner;
} d86;

typedef struct {
    d86 inner;
} d87;

typedef struct {
    d87 inner;
} d88;

typedef struct {
    d88 inner;
} d89;

typedef struct {
    d89 inner;
} d90;

typedef struct {
    d90 inner;
} d91;

typedef struct {
    d91 inner;
} d92;

typedef struct {
    d92 inner;
} d93;

typedef struct {
    d93 inner;
} d94;

typedef struct {
    d94 inner;
} d95;

typedef struct {
    d95 inner;
} d96;

typedef struct {
    d96 inner;
} d97;

typedef struct {
    d97 inner;
} d98;

typedef struct {
    d98 inner;
} d99;

typedef struct {
    d99 inner;
} d100;

typedef struct {
    d100 inner;
} d101;

typedef struct {
    d101 inner;
} d102;

typedef struct {
    d102 inner;
} d103;

typedef struct {
    d103 inner;
} d104;

typedef struct {
    d104 inner;
} d105;

typedef struct {
    d105 inner;
} d106;

typedef struct {
    d106 inner;
} d107;

typedef struct {
    d107 inner;
} d108;

typedef struct {
    d108 inner;
} d109;

typedef struct {
    d109 inner;
} d110;

typedef struct {
    d110 inner;
} d111;

typedef struct {
    d111 inner;
} d112;

typedef struct {
    d112 inner;
} d113;

typedef struct {
    d113 inner;
} d114;

typedef struct {
    d114 inner;
} d115;

typedef struct {
    d115 inner;
} d116;

typedef struct {
    d116 inner;
} d117;

typedef struct {
    d117 inner;
} d118;

typedef struct {
    d118 inner;
} d119;

typedef struct {
    d119 inner;
} d120;

typedef struct {
    d120 inner;
} d121;

typedef struct {
    d121 inner;
} d122;

typedef struct {
    d122 inner;
} d123;

typedef struct {
    d123 inner;
} d124;

typedef struct {
    d124 inner;
} d125;

typedef struct {
    d125 inner;
} d126;

typedef struct {
    d126 inner;
} d127;

typedef struct {
    d127 inner;
} d128;

typedef struct {
    d128 inner;
} d129;

typedef struct {
    d129 inner;
} d130;

typedef struct {
    d130 inner;
} d131;

typedef struct {
    d131 inner;
} d132;

typedef struct {
    d132 inner;
} d133;

typedef struct {
    d133 inner;
} d134;

typedef struct {
    d134 inner;
} d135;

typedef struct {
    d135 inner;
} d136;

typedef struct {
    d136 inner;
} d137;

typedef struct {
    d137 inner;
} d138;

typedef struct {
    d138 inner;
} d139;

typedef struct {
    d139 inner;
} d140;

typedef struct {
    d140 inner;
} d141;

typedef struct {
    d141 inner;
} d142;

typedef struct {
    d142 inner;
} d143;

typedef struct {
    d143 inner;
} d144;

typedef struct {
    d144 inner;
} d145;

typedef struct {
    d145 inner;
} d146;

typedef struct {
    d146 inner;
} d147;

typedef struct {
    d147 inner;
} d148;

typedef struct {
    d148 inner;
} d149;

typedef struct {
    d149 inner;
} d150;

typedef struct {
    d150 inner;
} d151;

typedef struct {
    d151 inner;
} d152;

typedef struct {
    d152 inner;
} d153;

typedef struct {
    d153 inner;
} d154;

typedef struct {
    d154 inner;
} d155;

typedef struct {
    d155 inner;
} d156;

typedef struct {
    d156 inner;
} d157;

typedef struct {
    d157 inner;
} d158;

typedef struct {
    d158 inner;
} d159;

typedef struct {
    d159 inner;
} d160;

typedef struct {
    d160 inner;
} d161;

typedef struct {
    d161 inner;
} d162;

typedef struct {
    d162 inner;
} d163;

typedef struct {
    d163 inner;
} d164;

typedef struct {
    d164 inner;
} d165;

typedef struct {
    d165 inner;
} d166;

typedef struct {
    d166 inner;
} d167;

typedef struct {
    d167 inner;
} d168;

typedef struct {
    d168 inner;
} d169;

typedef struct {
    d169 inner;
} d170;

typedef struct {
    d170 inner;
} d171;

typedef struct {
    d171 inner;
} d172;

typedef struct {
    d172 inner;
} d173;

typedef struct {
    d173 inner;
} d174;

typedef struct {
    d174 inner;
} d175;

typedef struct {
    d175 inner;
} d176;

typedef struct {
    d176 inner;
} d177;

typedef struct {
    d177 inner;
} d178;

typedef struct {
    d178 inner;
} d179;

typedef struct {
    d179 inner;
} d180;

typedef struct {
    d180 inner;
} d181;

typedef struct {
    d181 inner;
} d182;

typedef struct {
    d182 inner;
} d183;

typedef struct {
    d183 inner;
} d184;

typedef struct {
    d184 inner;
} d185;

typedef struct {
    d185 inner;
} d186;

typedef struct {
    d186 inner;
} d187;

typedef struct {
    d187 inner;
} d188;

typedef struct {
    d188 inner;
} d189;

typedef struct {
    d189 inner;
} d190;

typedef struct {
    d190 inner;
} d191;

typedef struct {
    d191 inner;
} d192;

typedef struct {
    d192 inner;
} d193;

typedef struct {
    d193 inner;
} d194;

typedef struct {
    d194 inner;
} d195;

typedef struct {
    d195 inner;
} d196;

typedef struct {
    d196 inner;
} d197;

typedef struct {
    d197 inner;
} d198;

typedef struct {
    d198 inner;
} d199;

typedef struct {
    d199 inner;
} d200;

typedef struct {
    d200 inner;
} d201;

typedef struct {
    d201 inner;
} d202;

typedef struct {
    d202 inner;
} d203;

typedef struct {
    d203 inner;
} d204;

typedef struct {
    d204 inner;
} d205;

typedef struct {
    d205 inner;
} d206;

typedef struct {
    d206 inner;
} d207;

typedef struct {
    d207 inner;
} d208;

typedef struct {
    d208 inner;
} d209;

typedef struct {
    d209 inner;
} d210;

typedef struct {
    d210 inner;
} d211;

typedef struct {
    d211 inner;
} d212;

typedef struct {
    d212 inner;
} d213;

typedef struct {
    d213 inner;
} d214;

typedef struct {
    d214 inner;
} d215;

typedef struct {
    d215 inner;
} d216;

typedef struct {
    d216 inner;
} d217;

typedef struct {
    d217 inner;
} d218;

typedef struct {
    d218 inner;
} d219;

typedef struct {
    d219 inner;
} d220;

typedef struct {
    d220 inner;
} d221;

typedef struct {
    d221 inner;
} d222;

typedef struct {
    d222 inner;
} d223;

typedef struct {
    d223 inner;
} d224;

typedef struct {
    d224 inner;
} d225;

typedef struct {
    d225 inner;
} d226;

typedef struct {
    d226 inner;
} d227;

typedef struct {
    d227 inner;
} d228;

typedef struct {
    d228 inner;
} d229;

typedef struct {
    d229 inner;
} d230;

typedef struct {
    d230 inner;
} d231;

typedef struct {
    d231 inner;
} d232;

typedef struct {
    d232 inner;
} d233;

typedef struct {
    d233 inner;
} d234;

typedef struct {
    d234 inner;
} d235;

typedef struct {
    d235 inner;
} d236;

typedef struct {
    d236 inner;
} d237;

typedef struct {
    d237 inner;
} d238;

typedef struct {
    d238 inner;
} d239;

typedef struct {
    d239 inner;
} d240;

typedef struct {
    d240 inner;
} d241;

typedef struct {
    d241 inner;
} d242;

typedef struct {
    d242 inner;
} d243;

typedef struct {
    d243 inner;
} d244;

typedef struct {
    d244 inner;
} d245;

typedef struct {
    d245 inner;
} d246;

typedef struct {
    d246 inner;
} d247;

typedef struct {
    d247 inner;
} d248;

typedef struct {
    d248 inner;
} d249;

typedef struct {
    d249 inner;
} d250;

typedef struct {
    d250 inner;
} d251;

typedef struct {
    d251 inner;
} d252;

typedef struct {
    d252 inner;
} d253;

typedef struct {
    d253 inner;
} d254;

typedef struct {
    d254 inner;
} d255;

typedef struct {
    d255 inner;
} d256;

typedef struct {
    d256 inner;
} d257;

typedef struct {
    d257 inner;
} d258;

typedef struct {
    d258 inner;
} d259;

typedef struct {
    d259 inner;
} d260;

typedef struct {
    d260 inner;
} d261;

typedef struct {
    d261 inner;
} d262;

typedef struct {
    d262 inner;
} d263;

typedef struct {
    d263 inner;
} d264;

typedef struct {
    d264 inner;
} d265;

typedef struct {
    d265 inner;
} d266;

typedef struct {
    d266 inner;
} d267;

typedef struct {
    d267 inner;
} d268;

typedef struct {
    d268 inner;
} d269;

typedef struct {
    d269 inner;
} d270;

typedef struct {
    d270 inner;
} d271;

typedef struct {
    d271 inner;
} d272;

typedef struct {
    d272 inner;
} d273;

typedef struct {
    d273 inner;
} d274;

typedef struct {
    d274 inner;
} d275;

typedef struct {
    d275 inner;
} d276;

typedef struct {
    d276 inner;
} d277;

typedef struct {
    d277 inner;
} d278;

typedef struct {
    d278 inner;
} d279;

typedef struct {
    d279 inner;
} d280;

typedef struct {
    d280 inner;
} d281;

typedef struct {
    d281 inner;
} d282;

typedef struct {
    d282 inner;
} d283;

typedef struct {
    d283 inner;
} d284;

typedef struct {
    d284 inner;
} d285;

typedef struct {
    d285 inner;
} d286;

typedef struct {
    d286 inner;
} d287;

typedef struct {
    d287 inner;
} d288;

typedef struct {
    d288 inner;
} d289;

typedef struct {
    d289 inner;
} d290;

typedef struct {
    d290 inner;
} d291;

typedef struct {
    d291 inner;
} d292;

typedef struct {
    d292 inner;
} d293;

typedef struct {
    d293 inner;
} d294;

typedef struct {
    d294 inner;
} d295;

typedef struct {
    d295 inner;
} d296;

typedef struct {
    d296 inner;
} d297;

typedef struct {
    d297 inner;
} d298;

typedef struct {
    d298 inner;
} d299;

typedef struct {
    d299 inner;
} d300;

typedef struct {
    d300 inner;
} d301;

typedef struct {
    d301 inner;
} d302;

typedef struct {
    d302 inner;
} d303;

typedef struct {
    d303 inner;
} d304;

typedef struct {
    d304 inner;
} d305;

typedef struct {
    d305 inner;
} d306;

typedef struct {
    d306 inner;
} d307;

typedef struct {
    d307 inner;
} d308;

typedef struct {
    d308 inner;
} d309;

typedef struct {
    d309 inner;
} d310;

typedef struct {
    d310 inner;
} d311;

typedef struct {
    d311 inner;
} d312;

typedef struct {
    d312 inner;
} d313;

typedef struct {
    d313 inner;
} d314;

typedef struct {
    d314 inner;
} d315;

typedef struct {
    d315 inner;
} d316;

typedef struct {
    d316 inner;
} d317;

typedef struct {
    d317 inner;
} d318;

typedef struct {
    d318 inner;
} d319;

typedef struct {
    d319 inner;
} d320;

typedef struct {
    d320 inner;
} d321;

typedef struct {
    d321 inner;
} d322;

typedef struct {
    d322 inner;
} d323;

typedef struct {
    d323 inner;
} d324;

typedef struct {
    d324 inner;
} d325;

typedef struct {
    d325 inner;
} d326;

typedef struct {
    d326 inner;
} d327;

typedef struct {
    d327 inner;
} d328;

typedef struct {
    d328 inner;
} d329;

typedef struct {
    d329 inner;
} d330;

typedef struct {
    d330 inner;
} d331;

typedef struct {
    d331 inner;
} d332;

typedef struct {
    d332 inner;
} d333;

typedef struct {
    d333 inner;
} d334;

typedef struct {
    d334 inner;
} d335;

typedef struct {
    d335 inner;
} d336;

typedef struct {
    d336 inner;
} d337;

typedef struct {
    d337 inner;
} d338;

typedef struct {
    d338 inner;
} d339;

typedef struct {
    d339 inner;
} d340;

typedef struct {
    d340 inner;
} d341;

typedef struct {
    d341 inner;
} d342;

typedef struct {
    d342 inner;
} d343;

typedef struct {
    d343 inner;
} d344;

typedef struct {
    d344 inner;
} d345;

typedef struct {
    d345 inner;
} d346;

typedef struct {
    d346 inner;
} d347;

typedef struct {
    d347 inner;
} d348;

typedef struct {
    d348 inner;
} d349;

typedef struct {
    d349 inner;
} d350;

typedef struct {
    d350 inner;
} d351;

typedef struct {
    d351 inner;
} d352;

typedef struct {
    d352 inner;
} d353;

typedef struct {
    d353 inner;
} d354;

typedef struct {
    d354 inner;
} d355;

typedef struct {
    d355 inner;
} d356;

typedef struct {
    d356 inner;
} d357;

typedef struct {
    d357 inner;
} d358;

typedef struct {
    d358 inner;
} d359;

typedef struct {
    d359 inner;
} d360;

typedef struct {
    d360 inner;
} d361;

typedef struct {
    d361 inner;
} d362;

typedef struct {
    d362 inner;
} d363;

typedef struct {
    d363 inner;
} d364;

typedef struct {
    d364 inner;
} d365;

typedef struct {
    d365 inner;
} d366;

typedef struct {
    d366 inner;
} d367;

typedef struct {
    d367 inner;
} d368;

typedef struct {
    d368 inner;
} d369;

typedef struct {
    d369 inner;
} d370;

typedef struct {
    d370 inner;
} d371;

typedef struct {
    d371 inner;
} d372;

typedef struct {
    d372 inner;
} d373;

typedef struct {
    d373 inner;
} d374;

typedef struct {
    d374 inner;
} d375;

typedef struct {
    d375 inner;
} d376;

typedef struct {
    d376 inner;
} d377;

typedef struct {
    d377 inner;
} d378;

typedef struct {
    d378 inner;
} d379;

typedef struct {
    d379 inner;
} d380;

typedef struct {
    d380 inner;
} d381;

typedef struct {
    d381 inner;
} d382;

typedef struct {
    d382 inner;
} d383;

typedef struct {
    d383 inner;
} d384;

typedef struct {
    d384 inner;
} d385;

typedef struct {
    d385 inner;
} d386;

typedef struct {
    d386 inner;
} d387;

typedef struct {
    d387 inner;
} d388;

typedef struct {
    d388 inner;
} d389;

typedef struct {
    d389 inner;
} d390;

typedef struct {
    d390 inner;
} d391;

typedef struct {
    d391 inner;
} d392;

typedef struct {
    d392 inner;
} d393;

typedef struct {
    d393 inner;
} d394;

typedef struct {
    d394 inner;
} d395;

typedef struct {
    d395 inner;
} d396;

typedef struct {
    d396 inner;
} d397;

typedef struct {
    d397 inner;
} d398;

typedef struct {
    d398 inner;
} d399;

typedef struct {
    d399 inner;
} d400;

typedef struct {
    d400 inner;
} d401;

typedef struct {
    d401 inner;
} d402;

typedef struct {
    d402 inner;
} d403;

typedef struct {
    d403 inner;
} d404;

typedef struct {
    d404 inner;
} d405;

typedef struct {
    d405 inner;
} d406;

typedef struct {
    d406 inner;
} d407;

typedef struct {
    d407 inner;
} d408;

typedef struct {
    d408 inner;
} d409;

typedef struct {
    d409 inner;
} d410;

typedef struct {
    d410 inner;
} d411;

typedef struct {
    d411 inner;
} d412;

typedef struct {
    d412 inner;
} d413;

typedef struct {
    d413 inner;
} d414;

typedef struct {
    d414 inner;
} d415;

typedef struct {
    d415 inner;
} d416;

typedef struct {
    d416 inner;
} d417;

typedef struct {
    d417 inner;
} d418;

typedef struct {
    d418 inner;
} d419;

typedef struct {
    d419 inner;
} d420;

typedef struct {
    d420 inner;
} d421;

typedef struct {
    d421 inner;
} d422;

typedef struct {
    d422 inner;
} d423;

typedef struct {
    d423 inner;
} d424;

typedef struct {
    d424 inner;
} d425;

typedef struct {
    d425 inner;
} d426;

typedef struct {
    d426 inner;
} d427;

typedef struct {
    d427 inner;
} d428;

typedef struct {
    d428 inner;
} d429;

typedef struct {
    d429 inner;
} d430;

typedef struct {
    d430 inner;
} d431;

typedef struct {
    d431 inner;
} d432;

typedef struct {
    d432 inner;
} d433;

typedef struct {
    d433 inner;
} d434;

typedef struct {
    d434 inner;
} d435;

typedef struct {
    d435 inner;
} d436;

typedef struct {
    d436 inner;
} d437;

typedef struct {
    d437 inner;
} d438;

typedef struct {
    d438 inner;
} d439;

typedef struct {
    d439 inner;
} d440;

typedef struct {
    d440 inner;
} d441;

typedef struct {
    d441 inner;
} d442;

typedef struct {
    d442 inner;
} d443;

typedef struct {
    d443 inner;
} d444;

typedef struct {
    d444 inner;
} d445;

typedef struct {
    d445 inner;
} d446;

typedef struct {
    d446 inner;
} d447;

typedef struct {
    d447 inner;
} d448;

typedef struct {
    d448 inner;
} d449;

typedef struct {
    d449 inner;
} d450;

typedef struct {
    d450 inner;
} d451;

typedef struct {
    d451 inner;
} d452;

typedef struct {
    d452 inner;
} d453;

typedef struct {
    d453 inner;
} d454;

typedef struct {
    d454 inner;
} d455;

typedef struct {
    d455 inner;
} d456;

typedef struct {
    d456 inner;
} d457;

typedef struct {
    d457 inner;
} d458;

typedef struct {
    d458 inner;
} d459;

typedef struct {
    d459 inner;
} d460;

typedef struct {
    d460 inner;
} d461;

typedef struct {
    d461 inner;
} d462;

typedef struct {
    d462 inner;
} d463;

typedef struct {
    d463 inner;
} d464;

typedef struct {
    d464 inner;
} d465;

typedef struct {
    d465 inner;
} d466;

typedef struct {
    d466 inner;
} d467;

typedef struct {
    d467 inner;
} d468;

typedef struct {
    d468 inner;
} d469;

typedef struct {
    d469 inner;
} d470;

typedef struct {
    d470 inner;
} d471;

typedef struct {
    d471 inner;
} d472;

typedef struct {
    d472 inner;
} d473;

typedef struct {
    d473 inner;
} d474;

typedef struct {
    d474 inner;
} d475;

typedef struct {
    d475 inner;
} d476;

typedef struct {
    d476 inner;
} d477;

typedef struct {
    d477 inner;
} d478;

typedef struct {
    d478 inner;
} d479;

typedef struct {
    d479 inner;
} d480;

typedef struct {
    d480 inner;
} d481;

typedef struct {
    d481 inner;
} d482;

typedef struct {
    d482 inner;
} d483;

typedef struct {
    d483 inner;
} d484;

typedef struct {
    d484 inner;
} d485;

typedef struct {
    d485 inner;
} d486;

typedef struct {
    d486 inner;
} d487;

typedef struct {
    d487 inner;
} d488;

typedef struct {
    d488 inner;
} d489;

typedef struct {
    d489 inner;
} d490;

typedef struct {
    d490 inner;
} d491;

typedef struct {
    d491 inner;
} d492;

typedef struct {
    d492 inner;
} d493;

typedef struct {
    d493 inner;
} d494;

typedef struct {
    d494 inner;
} d495;

typedef struct {
    d495 inner;
} d496;

typedef struct {
    d496 inner;
} d497;

typedef struct {
    d497 inner;
} d498;

typedef struct {
    d498 inner;
} d499;

typedef struct {
    d499 inner;
} d500;

typedef struct {
    d500 inner;
} d501;

typedef struct {
    d501 inner;
} d502;

typedef struct {
    d502 inner;
} d503;

typedef struct {
    d503 inner;
} d504;

typedef struct {
    d504 inner;
} d505;

typedef struct {
    d505 inner;
} d506;

typedef struct {
    d506 inner;
} d507;

typedef struct {
    d507 inner;
} d508;

typedef struct {
    d508 inner;
} d509;

typedef struct {
    d509 inner;
} d510;

typedef struct {
    d510 inner;
} d511;

typedef struct {
    d511 inner;
} d512;

typedef struct {
    d512 inner;
} d513;

typedef struct {
    d513 inner;
} d514;

typedef struct {
    d514 inner;
} d515;

typedef struct {
    d515 inner;
} d516;

typedef struct {
    d516 inner;
} d517;

typedef struct {
    d517 inner;
} d518;

typedef struct {
    d518 inner;
} d519;

typedef struct {
    d519 inner;
} d520;

typedef struct {
    d520 inner;
} d521;

typedef struct {
    d521 inner;
} d522;

typedef struct {
    d522 inner;
} d523;

typedef struct {
    d523 inner;
} d524;

typedef struct {
    d524 inner;
} d525;

typedef struct {
    d525 inner;
} d526;

typedef struct {
    d526 inner;
} d527;

typedef struct {
    d527 inner;
} d528;

typedef struct {
    d528 inner;
} d529;

typedef struct {
    d529 inner;
} d530;

typedef struct {
    d530 inner;
} d531;

typedef struct {
    d531 inner;
} d532;

typedef struct {
    d532 inner;
} d533;

typedef struct {
    d533 inner;
} d534;

typedef struct {
    d534 inner;
} d535;

typedef struct {
    d535 inner;
} d536;

typedef struct {
    d536 inner;
} d537;

typedef struct {
    d537 inner;
} d538;

typedef struct {
    d538 inner;
} d539;

typedef struct {
    d539 inner;
} d540;

typedef struct {
    d540 inner;
} d541;

typedef struct {
    d541 inner;
} d542;

typedef struct {
    d542 inner;
} d543;

typedef struct {
    d543 inner;
} d544;

typedef struct {
    d544 inner;
} d545;

typedef struct {
    d545 inner;
} d546;

typedef struct {
    d546 inner;
} d547;

typedef struct {
    d547 inner;
} d548;

typedef struct {
    d548 inner;
} d549;

typedef struct {
    d549 inner;
} d550;

typedef struct {
    d550 inner;
} d551;

typedef struct {
    d551 inner;
} d552;

typedef struct {
    d552 inner;
} d553;

typedef struct {
    d553 inner;
} d554;

typedef struct {
    d554 inner;
} d555;

typedef struct {
    d555 inner;
} d556;

typedef struct {
    d556 inner;
} d557;

typedef struct {
    d557 inner;
} d558;

typedef struct {
    d558 inner;
} d559;

typedef struct {
    d559 inner;
} d560;

typedef struct {
    d560 inner;
} d561;

typedef struct {
    d561 inner;
} d562;

typedef struct {
    d562 inner;
} d563;

typedef struct {
    d563 inner;
} d564;

typedef struct {
    d564 inner;
} d565;

typedef struct {
    d565 inner;
} d566;

typedef struct {
    d566 inner;
} d567;

typedef struct {
    d567 inner;
} d568;

typedef struct {
    d568 inner;
} d569;

typedef struct {
    d569 inner;
} d570;

typedef struct {
    d570 inner;
} d571;

typedef struct {
    d571 inner;
} d572;

typedef struct {
    d572 inner;
} d573;

typedef struct {
    d573 inner;
} d574;

typedef struct {
    d574 inner;
} d575;

typedef struct {
    d575 inner;
} d576;

typedef struct {
    d576 inner;
} d577;

typedef struct {
    d577 inner;
} d578;

typedef struct {
    d578 inner;
} d579;

typedef struct {
    d579 inner;
} d580;

typedef struct {
    d580 inner;
} d581;

typedef struct {
    d581 inner;
} d582;

typedef struct {
    d582 inner;
} d583;

typedef struct {
    d583 inner;
} d584;

typedef struct {
    d584 inner;
} d585;

typedef struct {
    d585 inner;
} d586;

typedef struct {
    d586 inner;
} d587;

typedef struct {
    d587 inner;
} d588;

typedef struct {
    d588 inner;
} d589;

typedef struct {
    d589 inner;
} d590;

typedef struct {
    d590 inner;
} d591;

typedef struct {
    d591 inner;
} d592;

typedef struct {
    d592 inner;
} d593;

typedef struct {
    d593 inner;
} d594;

typedef struct {
    d594 inner;
} d595;

typedef struct {
    d595 inner;
} d596;

typedef struct {
    d596 inner;
} d597;

typedef struct {
    d597 inner;
} d598;

typedef struct {
    d598 inner;
} d599;

typedef struct {
    d599 inner;
} d600;

typedef struct {
    d600 inner;
} d601;

typedef struct {
    d601 inner;
} d602;

typedef struct {
    d602 inner;
} d603;

typedef struct {
    d603 inner;
} d604;

typedef struct {
    d604 inner;
} d605;

typedef struct {
    d605 inner;
} d606;

typedef struct {
    d606 inner;
} d607;

typedef struct {
    d607 inner;
} d608;

typedef struct {
    d608 inner;
} d609;

typedef struct {
    d609 inner;
} d610;

typedef struct {
    d610 inner;
} d611;

typedef struct {
    d611 inner;
} d612;

typedef struct {
    d612 inner;
} d613;

typedef struct {
    d613 inner;
} d614;

typedef struct {
    d614 inner;
} d615;

typedef struct {
    d615 inner;
} d616;

typedef struct {
    d616 inner;
} d617;

typedef struct {
    d617 inner;
} d618;

typedef struct {
    d618 inner;
} d619;

typedef struct {
    d619 inner;
} d620;

typedef struct {
    d620 inner;
} d621;

typedef struct {
    d621 inner;
} d622;

typedef struct {
    d622 inner;
} d623;

typedef struct {
    d623 inner;
} d624;

typedef struct {
    d624 inner;
} d625;

typedef struct {
    d625 inner;
} d626;

typedef struct {
    d626 inner;
} d627;

typedef struct {
    d627 inner;
} d628;

typedef struct {
    d628 inner;
} d629;

typedef struct {
    d629 inner;
} d630;

typedef struct {
    d630 inner;
} d631;

typedef struct {
    d631 inner;
} d632;

typedef struct {
    d632 inner;
} d633;

typedef struct {
    d633 inner;
} d634;

typedef struct {
    d634 inner;
} d635;

typedef struct {
    d635 inner;
} d636;

typedef struct {
    d636 inner;
} d637;

typedef struct {
    d637 inner;
} d638;

typedef struct {
    d638 inner;
} d639;

typedef struct {
    d639 inner;
} d640;

typedef struct {
    d640 inner;
} d641;

typedef struct {
    d641 inner;
} d642;

typedef struct {
    d642 inner;
} d643;

typedef struct {
    d643 inner;
} d644;

typedef struct {
    d644 inner;
} d645;

typedef struct {
    d645 inner;
} d646;

typedef struct {
    d646 inner;
} d647;

typedef struct {
    d647 inner;
} d648;

typedef struct {
    d648 inner;
} d649;

typedef struct {
    d649 inner;
} d650;

typedef struct {
    d650 inner;
} d651;

typedef struct {
    d651 inner;
} d652;

typedef struct {
    d652 inner;
} d653;

typedef struct {
    d653 inner;
} d654;

typedef struct {
    d654 inner;
} d655;

typedef struct {
    d655 inner;
} d656;

typedef struct {
    d656 inner;
} d657;

typedef struct {
    d657 inner;
} d658;

typedef struct {
    d658 inner;
} d659;

typedef struct {
    d659 inner;
} d660;

typedef struct {
    d660 inner;
} d661;

typedef struct {
    d661 inner;
} d662;

typedef struct {
    d662 inner;
} d663;

typedef struct {
    d663 inner;
} d664;

typedef struct {
    d664 inner;
} d665;

typedef struct {
    d665 inner;
} d666;

typedef struct {
    d666 inner;
} d667;

typedef struct {
    d667 inner;
} d668;

typedef struct {
    d668 inner;
} d669;

typedef struct {
    d669 inner;
} d670;

typedef struct {
    d670 inner;
} d671;

typedef struct {
    d671 inner;
} d672;

typedef struct {
    d672 inner;
} d673;

typedef struct {
    d673 inner;
} d674;

typedef struct {
    d674 inner;
} d675;

typedef struct {
    d675 inner;
} d676;

typedef struct {
    d676 inner;
} d677;

typedef struct {
    d677 inner;
} d678;

typedef struct {
    d678 inner;
} d679;

typedef struct {
    d679 inner;
} d680;

typedef struct {
    d680 inner;
} d681;

typedef struct {
    d681 inner;
} d682;

typedef struct {
    d682 inner;
} d683;

typedef struct {
    d683 inner;
} d684;

typedef struct {
    d684 inner;
} d685;

typedef struct {
    d685 inner;
} d686;

typedef struct {
    d686 inner;
} d687;

typedef struct {
    d687 inner;
} d688;

typedef struct {
    d688 inner;
} d689;

typedef struct {
    d689 inner;
} d690;

typedef struct {
    d690 inner;
} d691;

typedef struct {
    d691 inner;
} d692;

typedef struct {
    d692 inner;
} d693;

typedef struct {
    d693 inner;
} d694;

typedef struct {
    d694 inner;
} d695;

typedef struct {
    d695 inner;
} d696;

typedef struct {
    d696 inner;
} d697;

typedef struct {
    d697 inner;
} d698;

typedef struct {
    d698 inner;
} d699;

typedef struct {
    d699 inner;
} d700;

typedef struct {
    d700 inner;
} d701;

typedef struct {
    d701 inner;
} d702;

typedef struct {
    d702 inner;
} d703;

typedef struct {
    d703 inner;
} d704;

typedef struct {
    d704 inner;
} d705;

typedef struct {
    d705 inner;
} d706;

typedef struct {
    d706 inner;
} d707;

typedef struct {
    d707 inner;
} d708;

typedef struct {
    d708 inner;
} d709;

typedef struct {
    d709 inner;
} d710;

typedef struct {
    d710 inner;
} d711;

typedef struct {
    d711 inner;
} d712;

typedef struct {
    d712 inner;
} d713;

typedef struct {
    d713 inner;
} d714;

typedef struct {
    d714 inner;
} d715;

typedef struct {
    d715 inner;
} d716;

typedef struct {
    d716 inner;
} d717;

typedef struct {
    d717 inner;
} d718;

typedef struct {
    d718 inner;
} d719;

typedef struct {
    d719 inner;
} d720;

typedef struct {
    d720 inner;
} d721;

typedef struct {
    d721 inner;
} d722;

typedef struct {
    d722 inner;
} d723;

typedef struct {
    d723 inner;
} d724;

typedef struct {
    d724 inner;
} d725;

typedef struct {
    d725 inner;
} d726;

typedef struct {
    d726 inner;
} d727;

typedef struct {
    d727 inner;
} d728;

typedef struct {
    d728 inner;
} d729;

typedef struct {
    d729 inner;
} d730;

typedef struct {
    d730 inner;
} d731;

typedef struct {
    d731 inner;
} d732;

typedef struct {
    d732 inner;
} d733;

typedef struct {
    d733 inner;
} d734;

typedef struct {
    d734 inner;
} d735;

typedef struct {
    d735 inner;
} d736;

typedef struct {
    d736 inner;
} d737;

typedef struct {
    d737 inner;
} d738;

typedef struct {
    d738 inner;
} d739;

typedef struct {
    d739 inner;
} d740;

typedef struct {
    d740 inner;
} d741;

typedef struct {
    d741 inner;
} d742;

typedef struct {
    d742 inner;
} d743;

typedef struct {
    d743 inner;
} d744;

typedef struct {
    d744 inner;
} d745;

typedef struct {
    d745 inner;
} d746;

typedef struct {
    d746 inner;
} d747;

typedef struct {
    d747 inner;
} d748;

typedef struct {
    d748 inner;
} d749;

typedef struct {
    d749 inner;
} d750;

typedef struct {
    d750 inner;
} d751;

typedef struct {
    d751 inner;
} d752;

typedef struct {
    d752 inner;
} d753;

typedef struct {
    d753 inner;
} d754;

typedef struct {
    d754 inner;
} d755;

typedef struct {
    d755 inner;
} d756;

typedef struct {
    d756 inner;
} d757;

typedef struct {
    d757 inner;
} d758;

typedef struct {
    d758 inner;
} d759;

typedef struct {
    d759 inner;
} d760;

typedef struct {
    d760 inner;
} d761;

typedef struct {
    d761 inner;
} d762;

typedef struct {
    d762 inner;
} d763;

typedef struct {
    d763 inner;
} d764;

typedef struct {
    d764 inner;
} d765;

typedef struct {
    d765 inner;
} d766;

typedef struct {
    d766 inner;
} d767;

typedef struct {
    d767 inner;
} d768;

typedef struct {
    d768 inner;
} d769;

typedef struct {
    d769 inner;
} d770;

typedef struct {
    d770 inner;
} d771;

typedef struct {
    d771 inner;
} d772;

typedef struct {
    d772 inner;
} d773;

typedef struct {
    d773 inner;
} d774;

typedef struct {
    d774 inner;
} d775;

typedef struct {
    d775 inner;
} d776;

typedef struct {
    d776 inner;
} d777;

typedef struct {
    d777 inner;
} d778;

typedef struct {
    d778 inner;
} d779;

typedef struct {
    d779 inner;
} d780;

typedef struct {
    d780 inner;
} d781;

typedef struct {
    d781 inner;
} d782;

typedef struct {
    d782 inner;
} d783;

typedef struct {
    d783 inner;
} d784;

typedef struct {
    d784 inner;
} d785;

typedef struct {
    d785 inner;
} d786;

typedef struct {
    d786 inner;
} d787;

typedef struct {
    d787 inner;
} d788;

typedef struct {
    d788 inner;
} d789;

typedef struct {
    d789 inner;
} d790;

typedef struct {
    d790 inner;
} d791;

typedef struct {
    d791 inner;
} d792;

typedef struct {
    d792 inner;
} d793;

typedef struct {
    d793 inner;
} d794;

typedef struct {
    d794 inner;
} d795;

typedef struct {
    d795 inner;
} d796;

typedef struct {
    d796 inner;
} d797;

typedef struct {
    d797 inner;
} d798;

typedef struct {
    d798 inner;
} d799;

typedef struct {
    d799 inner;
} d800;

typedef struct {
    d800 inner;
} d801;

typedef struct {
    d801 inner;
} d802;

typedef struct {
    d802 inner;
} d803;

typedef struct {
    d803 inner;
} d804;

typedef struct {
    d804 inner;
} d805;

typedef struct {
    d805 inner;
} d806;

typedef struct {
    d806 inner;
} d807;

typedef struct {
    d807 inner;
} d808;

typedef struct {
    d808 inner;
} d809;

typedef struct {
    d809 inner;
} d810;

typedef struct {
    d810 inner;
} d811;

typedef struct {
    d811 inner;
} d812;

typedef struct {
    d812 inner;
} d813;

typedef struct {
    d813 inner;
} d814;

typedef struct {
    d814 inner;
} d815;

typedef struct {
    d815 inner;
} d816;

typedef struct {
    d816 inner;
} d817;

typedef struct {
    d817 inner;
} d818;

typedef struct {
    d818 inner;
} d819;

typedef struct {
    d819 inner;
} d820;

typedef struct {
    d820 inner;
} d821;

typedef struct {
    d821 inner;
} d822;

typedef struct {
    d822 inner;
} d823;

typedef struct {
    d823 inner;
} d824;

typedef struct {
    d824 inner;
} d825;

typedef struct {
    d825 inner;
} d826;

typedef struct {
    d826 inner;
} d827;

typedef struct {
    d827 inner;
} d828;

typedef struct {
    d828 inner;
} d829;

typedef struct {
    d829 inner;
} d830;

typedef struct {
    d830 inner;
} d831;

typedef struct {
    d831 inner;
} d832;

typedef struct {
    d832 inner;
} d833;

typedef struct {
    d833 inner;
} d834;

typedef struct {
    d834 inner;
} d835;

typedef struct {
    d835 inner;
} d836;

typedef struct {
    d836 inner;
} d837;

typedef struct {
    d837 inner;
} d838;

typedef struct {
    d838 inner;
} d839;

typedef struct {
    d839 inner;
} d840;

typedef struct {
    d840 inner;
} d841;

typedef struct {
    d841 inner;
} d842;

typedef struct {
    d842 inner;
} d843;

typedef struct {
    d843 inner;
} d844;

typedef struct {
    d844 inner;
} d845;

typedef struct {
    d845 inner;
} d846;

typedef struct {
    d846 inner;
} d847;

typedef struct {
    d847 inner;
} d848;

typedef struct {
    d848 inner;
} d849;

typedef struct {
    d849 inner;
} d850;

typedef struct {
    d850 inner;
} d851;

typedef struct {
    d851 inner;
} d852;

typedef struct {
    d852 inner;
} d853;

typedef struct {
    d853 inner;
} d854;

typedef struct {
    d854 inner;
} d855;

typedef struct {
    d855 inner;
} d856;

typedef struct {
    d856 inner;
} d857;

typedef struct {
    d857 inner;
} d858;

typedef struct {
    d858 inner;
} d859;

typedef struct {
    d859 inner;
} d860;

typedef struct {
    d860 inner;
} d861;

typedef struct {
    d861 inner;
} d862;

typedef struct {
    d862 inner;
} d863;

typedef struct {
    d863 inner;
} d864;

typedef struct {
    d864 inner;
} d865;

typedef struct {
    d865 inner;
} d866;

typedef struct {
    d866 inner;
} d867;

typedef struct {
    d867 inner;
} d868;

typedef struct {
    d868 inner;
} d869;

typedef struct {
    d869 inner;
} d870;

typedef struct {
    d870 inner;
} d871;

typedef struct {
    d871 inner;
} d872;

typedef struct {
    d872 inner;
} d873;

typedef struct {
    d873 inner;
} d874;

typedef struct {
    d874 inner;
} d875;

typedef struct {
    d875 inner;
} d876;

typedef struct {
    d876 inner;
} d877;

typedef struct {
    d877 inner;
} d878;

typedef struct {
    d878 inner;
} d879;

typedef struct {
    d879 inner;
} d880;

typedef struct {
    d880 inner;
} d881;

typedef struct {
    d881 inner;
} d882;

typedef struct {
    d882 inner;
} d883;

typedef struct {
    d883 inner;
} d884;

typedef struct {
    d884 inner;
} d885;

typedef struct {
    d885 inner;
} d886;

typedef struct {
    d886 inner;
} d887;

typedef struct {
    d887 inner;
} d888;

typedef struct {
    d888 inner;
} d889;

typedef struct {
    d889 inner;
} d890;

typedef struct {
    d890 inner;
} d891;

typedef struct {
    d891 inner;
} d892;

typedef struct {
    d892 inner;
} d893;

typedef struct {
    d893 inner;
} d894;

typedef struct {
    d894 inner;
} d895;

typedef struct {
    d895 inner;
} d896;

typedef struct {
    d896 inner;
} d897;

typedef struct {
    d897 inner;
} d898;

typedef struct {
    d898 inner;
} d899;

typedef struct {
    d899 inner;
} d900;

typedef struct {
    d900 inner;
} d901;

typedef struct {
    d901 inner;
} d902;

typedef struct {
    d902 inner;
} d903;

typedef struct {
    d903 inner;
} d904;

typedef struct {
    d904 inner;
} d905;

typedef struct {
    d905 inner;
} d906;

typedef struct {
    d906 inner;
} d907;

typedef struct {
    d907 inner;
} d908;

typedef struct {
    d908 inner;
} d909;

typedef struct {
    d909 inner;
} d910;

typedef struct {
    d910 inner;
} d911;

typedef struct {
    d911 inner;
} d912;

typedef struct {
    d912 inner;
} d913;

typedef struct {
    d913 inner;
} d914;

typedef struct {
    d914 inner;
} d915;

typedef struct {
    d915 inner;
} d916;

typedef struct {
    d916 inner;
} d917;

typedef struct {
    d917 inner;
} d918;

typedef struct {
    d918 inner;
} d919;

typedef struct {
    d919 inner;
} d920;

typedef struct {
    d920 inner;
} d921;

typedef struct {
    d921 inner;
} d922;

typedef struct {
    d922 inner;
} d923;

typedef struct {
    d923 inner;
} d924;

typedef struct {
    d924 inner;
} d925;

typedef struct {
    d925 inner;
} d926;

typedef struct {
    d926 inner;
} d927;

typedef struct {
    d927 inner;
} d928;

typedef struct {
    d928 inner;
} d929;

typedef struct {
    d929 inner;
} d930;

typedef struct {
    d930 inner;
} d931;

typedef struct {
    d931 inner;
} d932;

typedef struct {
    d932 inner;
} d933;

typedef struct {
    d933 inner;
} d934;

typedef struct {
    d934 inner;
} d935;

typedef struct {
    d935 inner;
} d936;

typedef struct {
    d936 inner;
} d937;

typedef struct {
    d937 inner;
} d938;

typedef struct {
    d938 inner;
} d939;

typedef struct {
    d939 inner;
} d940;

typedef struct {
    d940 inner;
} d941;

typedef struct {
    d941 inner;
} d942;

typedef struct {
    d942 inner;
} d943;

typedef struct {
    d943 inner;
} d944;

typedef struct {
    d944 inner;
} d945;

typedef struct {
    d945 inner;
} d946;

typedef struct {
    d946 inner;
} d947;

typedef struct {
    d947 inner;
} d948;

typedef struct {
    d948 inner;
} d949;

typedef struct {
    d949 inner;
} d950;

typedef struct {
    d950 inner;
} d951;

typedef struct {
    d951 inner;
} d952;

typedef struct {
    d952 inner;
} d953;

typedef struct {
    d953 inner;
} d954;

typedef struct {
    d954 inner;
} d955;

typedef struct {
    d955 inner;
} d956;

typedef struct {
    d956 inner;
} d957;

typedef struct {
    d957 inner;
} d958;

typedef struct {
    d958 inner;
} d959;

typedef struct {
    d959 inner;
} d960;

typedef struct {
    d960 inner;
} d961;

typedef struct {
    d961 inner;
} d962;

typedef struct {
    d962 inner;
} d963;

typedef struct {
    d963 inner;
} d964;

typedef struct {
    d964 inner;
} d965;

typedef struct {
    d965 inner;
} d966;

typedef struct {
    d966 inner;
} d967;

typedef struct {
    d967 inner;
} d968;

typedef struct {
    d968 inner;
} d969;

typedef struct {
    d969 inner;
} d970;

typedef struct {
    d970 inner;
} d971;

typedef struct {
    d971 inner;
} d972;

typedef struct {
    d972 inner;
} d973;

typedef struct {
    d973 inner;
} d974;

typedef struct {
    d974 inner;
} d975;

typedef struct {
    d975 inner;
} d976;

typedef struct {
    d976 inner;
} d977;

typedef struct {
    d977 inner;
} d978;

typedef struct {
    d978 inner;
} d979;

typedef struct {
    d979 inner;
} d980;

typedef struct {
    d980 inner;
} d981;

typedef struct {
    d981 inner;
} d982;

typedef struct {
    d982 inner;
} d983;

typedef struct {
    d983 inner;
} d984;

typedef struct {
    d984 inner;
} d985;

typedef struct {
    d985 inner;
} d986;

typedef struct {
    d986 inner;
} d987;

typedef struct {
    d987 inner;
} d988;

typedef struct {
    d988 inner;
} d989;

typedef struct {
    d989 inner;
} d990;

typedef struct {
    d990 inner;
} d991;

typedef struct {
    d991 inner;
} d992;

typedef struct {
    d992 inner;
} d993;

typedef struct {
    d993 inner;
} d994;

typedef struct {
    d994 inner;
} d995;

typedef struct {
    d995 inner;
} d996;

typedef struct {
    d996 inner;
} d997;

typedef struct {
    d997 inner;
} d998;

typedef struct {
    d998 inner;
} d999;

/** @schema */
typedef struct {
    d999 inner;
} top;
