/// The fixed parts of a preview page: its style sheet, its controls and its script (Docs/preview.md).
///
/// The script decodes the recorded channels, builds one `div` per layer nested like the layer tree, and
/// draws frame `i` by setting each `div`'s size, `transform` (`translate` to the frame's origin, then
/// the layer's `matrix3d` about its anchor point: `transform-origin`), opacity, background colour,
/// corner radius and border. Its only timing arithmetic is the clock (advanced by the elapsed time ×
/// the speed while playing); the frame drawn is the last one whose recorded time is at most the clock, found
/// by binary search in the recorded times (written to the microsecond, so a clock within half a microsecond
/// above a frame's written time counts as that time: a seek or a step lands on its frame). Cost per drawn
/// frame: O(log frames) for the search, O(layers) for the drawing.
///
/// The URL's fragment sets the page up for tests and links: `#t=S` seeks to S seconds (paused),
/// `step=K` then steps K frames forwards (backwards when negative) as the step buttons do,
/// `labels=1` shows the labels, `play=1` starts playing, `speed=0.1|0.25|1`, `loop=0`, and `probe=1`
/// writes what is drawn into `<pre id="probe">` as JSON after each drawn frame: the clock, the frame,
/// the roots' origin and the stage in viewport pixels, and per layer its border box
/// (`getBoundingClientRect`, relative to the roots' origin) and computed opacity; while probing, the
/// clock ticks on 1/60 s timers instead of animation frames (headless Chromium's virtual time drives
/// timers deterministically, animation frames hardly at all).
enum PreviewPage {
    static func controls(lastFrame: Int) -> String {
        """
        <div id="controls">
        <button id="play" type="button">Play</button>
        <button id="back" type="button" title="previous frame">&#9664;&#9646;</button>
        <button id="fwd" type="button" title="next frame">&#9646;&#9654;</button>
        <input id="scrub" type="range" min="0" max="\(lastFrame)" step="1" value="0">
        <span id="speeds"><button type="button" data-speed="0.1">10 %</button><button type="button" data-speed="0.25">25 %</button><button type="button" data-speed="1" class="on">100 %</button></span>
        <label><input id="loop" type="checkbox" checked> loop</label>
        <label><input id="labels" type="checkbox"> labels</label>
        <span id="clock"></span>
        </div>

        """
    }

    static let style = """
        body{font:13px/1.4 sans-serif;margin:12px;color:#222;background:#fff}\
        h1{font-size:16px;margin:0 0 8px}h2{font-size:14px;margin:12px 0 4px}\
        #controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-bottom:8px}\
        #controls button{font:inherit;padding:2px 8px}#speeds button.on{font-weight:bold;background:#cde}\
        #scrub{width:320px}#clock{font-family:monospace;white-space:pre}\
        #stage{position:relative;overflow:hidden;border:1px solid #999;background-color:#f4f4f4;\
        background-image:linear-gradient(45deg,#e8e8e8 25%,transparent 25%,transparent 75%,#e8e8e8 75%),\
        linear-gradient(45deg,#e8e8e8 25%,transparent 25%,transparent 75%,#e8e8e8 75%);\
        background-size:20px 20px;background-position:0 0,10px 10px}\
        #world,#origin{position:absolute;left:0;top:0;width:0;height:0}\
        .layer{position:absolute;left:0;top:0;box-sizing:border-box}\
        .lab{position:absolute;left:2px;top:1px;z-index:1;display:none;font:10px/1.2 monospace;color:#000;\
        background:rgba(255,255,255,.75);padding:0 2px;white-space:nowrap;pointer-events:none}\
        #stage.labels .lab{display:block}#stage.labels .layer{outline:1px dashed rgba(0,0,0,.4)}\
        #plot{position:relative;display:inline-block;margin-top:10px}\
        #cursor{position:absolute;top:0;bottom:0;width:0;border-left:2px solid #e00;pointer-events:none}\
        #events{font-family:monospace;margin:0;padding-left:28px}#events li.last{background:#ffe9a8}
        """

    static let script = """
        (function(){'use strict';
        var D=JSON.parse(document.getElementById('data').textContent),N=D.frames;
        function decode(v,dec,n){if(typeof v==='number')return v;var s=Math.pow(10,dec),out=new Float64Array(n),
        parts=v.split(','),q=0,i=0;for(var k=0;k<parts.length;k++){var p=parts[k],star=p.indexOf('*');
        if(k===0){q=parseInt(p,10);out[i++]=q/s;}else if(star<0){q+=parseInt(p,10);out[i++]=q/s;}
        else{var d=parseInt(p.slice(0,star),10),r=parseInt(p.slice(star+1),10);for(var j=0;j<r;j++){q+=d;out[i++]=q/s;}}}return out;}
        function at(v,i){return typeof v==='number'?v:v[i];}
        var times=decode(D.times,6,N),cursorX=D.cursor===null?null:decode(D.cursor,1,N);
        var stage=document.getElementById('stage'),world=document.getElementById('world'),origin=document.getElementById('origin');
        var els=[],L=D.layers;
        for(var n=0;n<L.length;n++){var el=document.createElement('div');el.className='layer';el.setAttribute('data-id',L[n].id);
        var lab=document.createElement('span');lab.className='lab';lab.textContent=L[n].id;el.appendChild(lab);
        (L[n].parent>=0?els[L[n].parent]:world).appendChild(el);els.push(el);
        L[n].v=L[n].c.map(function(c,k){return decode(c,D.dec[k],N);});}
        function apply(i){for(var n=0;n<L.length;n++){var v=L[n].v,el=els[n],g=function(k){return at(v[k],i);};
        var w=Math.max(0,g(4)),h=Math.max(0,g(5)),ax=g(6),ay=g(7),ox=0,oy=0;
        if(L[n].parent>=0){var pv=L[L[n].parent].v;ox=at(pv[2],i);oy=at(pv[3],i);}
        var m=[];for(var k=8;k<24;k++)m.push(g(k));
        el.style.width=w+'px';el.style.height=h+'px';el.style.transformOrigin=(ax*w)+'px '+(ay*h)+'px';
        el.style.transform='translate('+(g(0)-ax*w-ox)+'px,'+(g(1)-ay*h-oy)+'px) matrix3d('+m.join(',')+')';
        el.style.opacity=String(g(24));
        el.style.backgroundColor='rgba('+Math.round(g(25)*255)+','+Math.round(g(26)*255)+','+Math.round(g(27)*255)+','+g(28)+')';
        el.style.borderRadius=g(29)+'px';var bw=g(30);el.style.boxShadow=bw>0?'inset 0 0 0 '+bw+'px '+(L[n].border||'#000'):'none';}}
        var t=D.from,cur=-1,playing=false,speed=1,loop=true,last=null,start=null;
        var q={};location.hash.replace(/^#/,'').split('&').forEach(function(p){var kv=p.split('=');if(kv[0])q[kv[0]]=kv[1]===undefined?'1':decodeURIComponent(kv[1]);});
        var probing=q.probe==='1',probeEl=document.getElementById('probe');\
        var nextFrame=probing?function(f){setTimeout(function(){f(performance.now());},1000/60);}:function(f){requestAnimationFrame(f);};
        var playBtn=document.getElementById('play'),scrub=document.getElementById('scrub'),clock=document.getElementById('clock');
        var loopBox=document.getElementById('loop'),labelsBox=document.getElementById('labels'),cursorEl=document.getElementById('cursor');
        var items=Array.prototype.slice.call(document.querySelectorAll('#events li'));
        function frameAt(x){var y=x+5e-7,lo=0,hi=N-1;if(!(times[0]<=y))return 0;
        while(lo<hi){var m=(lo+hi+1)>>1;if(times[m]<=y)lo=m;else hi=m-1;}return lo;}
        function show(now){var i=frameAt(t);if(i!==cur){apply(i);cur=i;scrub.value=String(i);
        if(cursorEl&&cursorX)cursorEl.style.left=at(cursorX,i)+'px';var lastShown=null;
        items.forEach(function(li){var hide=+li.getAttribute('data-frame')>i;li.hidden=hide;li.className='';if(!hide)lastShown=li;});
        if(lastShown)lastShown.className='last';}
        clock.textContent='t '+times[i].toFixed(3)+' s  frame '+i+'/'+(N-1)+'  clock '+t.toFixed(3)+' s';
        if(probing)probe(now);}
        function probe(now){var o=origin.getBoundingClientRect(),st=stage.getBoundingClientRect(),out={clock:t,frame:cur,time:times[cur],playing:playing,speed:speed,\
        origin:{x:o.left,y:o.top},stage:{x:st.left,y:st.top,width:st.width,height:st.height},layers:{}};
        if(start!==null&&now!==undefined){out.played={clock:t-start.t,elapsed:(now-start.now)/1000};}
        for(var n=0;n<L.length;n++){var r=els[n].getBoundingClientRect();
        out.layers[L[n].id]={x:r.left-o.left,y:r.top-o.top,width:r.width,height:r.height,opacity:parseFloat(getComputedStyle(els[n]).opacity)};}
        probeEl.textContent=JSON.stringify(out);}
        function tick(now){if(!playing)return;if(last!==null){t+=(now-last)/1000*speed;
        if(t>D.to){if(loop){t=D.from;start=null;}else{t=D.to;setPlaying(false);}}}
        if(start===null)start={t:t,now:now};last=now;show(now);if(playing)nextFrame(tick);}
        function setPlaying(p){playing=p;last=null;start=null;playBtn.textContent=p?'Pause':'Play';
        if(p){if(cur>=N-1&&!loop)t=D.from;nextFrame(tick);}}
        function seekFrame(i){setPlaying(false);i=i<0?0:(i>=N?N-1:i);t=times[i];show();}
        playBtn.onclick=function(){setPlaying(!playing);};
        document.getElementById('back').onclick=function(){seekFrame(cur-1);};
        document.getElementById('fwd').onclick=function(){seekFrame(cur+1);};
        scrub.oninput=function(){seekFrame(parseInt(scrub.value,10));};
        loopBox.onchange=function(){loop=loopBox.checked;};
        labelsBox.onchange=function(){stage.className=labelsBox.checked?'labels':'';};
        var speedBtns=Array.prototype.slice.call(document.querySelectorAll('#speeds button'));
        function setSpeed(s){speed=s;start=null;speedBtns.forEach(function(b){b.className=(+b.getAttribute('data-speed')===s)?'on':'';});}
        speedBtns.forEach(function(b){b.onclick=function(){setSpeed(+b.getAttribute('data-speed'));};});
        if(q.labels==='1'){labelsBox.checked=true;stage.className='labels';}
        if(q.loop==='0'){loopBox.checked=false;loop=false;}
        if(q.speed)setSpeed(+q.speed);
        if(q.t!==undefined){var s=parseFloat(q.t);if(isFinite(s))t=s<D.from?D.from:(s>D.to?D.to:s);}
        show();var steps=parseInt(q.step||'0',10);for(var k=0;k<steps&&k<100000;k++)seekFrame(cur+1);
        for(var k=0;k>steps&&k>-100000;k--)seekFrame(cur-1);if(q.play==='1')setPlaying(true);
        })();
        """
}
