#!/usr/bin/env escript
%% Used by bench/stream-sleep-patch.sh (not run by any test or CI): writes a copy of an installed
%% RabbitMQ's rabbit_stream_reader module without the 1 ms sleep of its delivery loop, the one line
%% that RabbitMQ 4.2.2 removed ("Do not wait before trying to dispatch a chunk of messages",
%% rabbitmq-server pull request 14969, the backport of 14766).
%%
%%   escript stream-sleep-patch.escript INSTALLED.beam OUT.beam
%%
%% It reads the module's abstract code from the installed .beam's debug_info chunk (Debian's
%% RabbitMQ 4.0.5 ships it), removes the call timer:sleep(1) from send_chunks/8, where it stands
%% before the retry after end_of_stream, and compiles the forms with the options the module was
%% built with. It first recompiles the unchanged forms and checks that they give the installed
%% module's code (the same atoms, code, literals, imports, exports, strings and line table; the fun
%% table the same but for the module-wide hash a fun's identity carries, which a build from the
%% abstract code computes differently), so that the only difference between the two modules is the
%% removed call. It refuses a module without exactly one such call.
-mode(compile).

main([In, Out]) ->
    {ok, {Mod, [{debug_info, {debug_info_v1, Backend, {_, Opts} = Data}}]}} =
        beam_lib:chunks(In, [debug_info]),
    {ok, Forms} = Backend:debug_info(erlang_v1, Mod, Data, []),
    {ok, {Mod, Md5}} = beam_lib:md5(In),
    {ok, InBin} = file:read_file(In),
    case code_of(compile_forms(Forms, Opts)) =:= code_of(InBin) of
        true -> ok;
        false -> fail("recompiling ~s unchanged does not give the installed code: a build from its "
                      "abstract code cannot stand for it", [In])
    end,
    {Patched, Removed} = lists:mapfoldl(fun patch_form/2, 0, Forms),
    Removed =:= 1 orelse fail("expected one timer:sleep(1) in send_chunks/8 of ~s, found ~b", [In, Removed]),
    Beam = compile_forms(Patched, Opts),
    ok = file:write_file(Out, Beam),
    io:format("~s: ~s without timer:sleep(1) in send_chunks/8 (MD5 ~s; installed ~s)~n",
              [Out, Mod, hex(md5(Beam)), hex(Md5)]);
main(_) ->
    fail("usage: stream-sleep-patch.escript INSTALLED.beam OUT.beam", []).

patch_form({function, _, send_chunks, 8, _} = F, N) -> strip(F, N);
patch_form(F, N) -> {F, N}.

%% In every body (a list of expressions), drop a timer:sleep(1) that is not the body's value.
strip(L, N) when is_list(L) ->
    {Kept, N1} = drop_sleeps(L, N),
    lists:mapfoldl(fun strip/2, N1, Kept);
strip(T, N) when is_tuple(T) ->
    {Es, N1} = lists:mapfoldl(fun strip/2, N, tuple_to_list(T)),
    {list_to_tuple(Es), N1};
strip(X, N) -> {X, N}.

drop_sleeps([E | [_ | _] = Rest], N) ->
    case is_sleep_1(E) of
        true -> drop_sleeps(Rest, N + 1);
        false -> {Rest1, N1} = drop_sleeps(Rest, N), {[E | Rest1], N1}
    end;
drop_sleeps(L, N) -> {L, N}.

is_sleep_1({call, _, {remote, _, {atom, _, timer}, {atom, _, sleep}}, [{integer, _, 1}]}) -> true;
is_sleep_1(_) -> false.

compile_forms(Forms, Opts) ->
    case compile:forms(Forms, [binary, return_errors | Opts]) of
        {ok, _, Beam} -> Beam;
        {ok, _, Beam, _Warnings} -> Beam;
        Error -> fail("compile failed: ~p", [Error])
    end.

md5(Beam) -> {ok, {_, M}} = beam_lib:md5(Beam), M.

%% The chunks that make up the module's behaviour, the fun table without each fun's old hash.
code_of(Beam) ->
    Ids = ["AtU8", "Code", "StrT", "ImpT", "ExpT", "LitT", "Line", "FunT"],
    {ok, {_, Chunks}} = beam_lib:chunks(Beam, Ids, [allow_missing_chunks]),
    [{Id, without_uniq(Id, C)} || {Id, C} <- Chunks].

without_uniq("FunT", <<N:32, Funs/binary>>) ->
    {N, [{A, Ar, L, I, F} || <<A:32, Ar:32, L:32, I:32, F:32, _OldUniq:32>> <= Funs]};
without_uniq(_, C) -> C.

hex(Bin) -> [io_lib:format("~2.16.0b", [B]) || <<B>> <= Bin].

fail(Fmt, Args) ->
    io:format(standard_error, "stream-sleep-patch: " ++ Fmt ++ "~n", Args),
    halt(1).
